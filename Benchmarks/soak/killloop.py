#!/usr/bin/env python3
"""Kill loop: SIGKILL a `toolkit serve` at random moments during concurrent entry writes and photo imports,
restart it on the same data, and check that every write it acknowledged in that round is there, with each
photo's blob holding its bytes, and that `PRAGMA integrity_check` says ok; N rounds, then every write of every
round is checked once more.

Reports one JSON object; exit status 1 when anything acknowledged is missing or the database is not intact.
"""
import argparse, asyncio, hashlib, json, os, random, shutil, signal, socket, sqlite3, subprocess, sys, tempfile
import time

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "../../Tests/MediaTests/Fixtures/landscape-64x32.jpg")


class Core:
    def __init__(self, toolkit, directory):
        self.socket = os.path.join(directory, "toolkit.sock")
        self.data = os.path.join(directory, "data")
        environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(directory, "config"))
        self.log = open(os.path.join(directory, "serve.log"), "a")
        self.process = subprocess.Popen([toolkit, "serve", "--socket", self.socket, "--data-dir", self.data],
                                        stderr=self.log, env=environment)
        for _ in range(3000):
            try:
                probe = socket.socket(socket.AF_UNIX)
                probe.connect(self.socket)
                probe.close()
                return
            except OSError:
                time.sleep(0.01)
        raise SystemExit("the core did not come up")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


async def call(reader, writer, method, params, ident):
    writer.write(json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": ident},
                            ensure_ascii=False).encode() + b"\n")
    await writer.drain()
    while True:
        line = await reader.readline()
        if not line:
            raise ConnectionError("closed")
        message = json.loads(line)
        if message.get("id") == ident:
            return message


async def writer_client(core, kind, album, photos, acknowledged, rng, errors):
    """Writes until the core dies; records what was acknowledged, the moment the answer arrives."""
    try:
        reader, writer = await asyncio.open_unix_connection(core.socket)
        ident = 0
        while True:
            ident += 1
            if kind == "entry":
                answer = await call(reader, writer, "diary.create",
                                    {"title": f"산책 {rng.randrange(10**6)}", "body": "공원에서 " * rng.randint(1, 50)},
                                    ident)
            else:
                path = photos[rng.randrange(len(photos))]
                answer = await call(reader, writer, "photos.import", {"albumId": album, "path": path}, ident)
            if "result" in answer:
                result = answer["result"]
                acknowledged.append((kind, result["id"], result.get("sha256")))
            else:
                errors.append(answer["error"])
    except (ConnectionError, OSError, json.JSONDecodeError):
        pass


async def round_of_writes(core, album, photos, acknowledged, rng, errors, entry_writers, photo_writers, window):
    tasks = [asyncio.create_task(writer_client(core, "entry", album, photos, acknowledged, random.Random(rng.random()),
                                               errors)) for _ in range(entry_writers)]
    tasks += [asyncio.create_task(writer_client(core, "photo", album, photos, acknowledged,
                                                random.Random(rng.random()), errors)) for _ in range(photo_writers)]
    await asyncio.sleep(rng.uniform(*window))
    core.kill()
    await asyncio.gather(*tasks)


async def check(core, writes):
    """Returns the writes that are missing or whose blob does not hold its bytes (requests pipelined 256 at once)."""
    reader, writer = await asyncio.open_unix_connection(core.socket, limit=1 << 22)
    missing = []
    for start in range(0, len(writes), 256):
        chunk = writes[start:start + 256]
        for ident, (kind, record, _) in enumerate(chunk):
            method = "diary.get" if kind == "entry" else "photos.get"
            writer.write(json.dumps({"jsonrpc": "2.0", "method": method, "params": {"id": record},
                                     "id": ident}).encode() + b"\n")
        await writer.drain()
        answers = {}
        while len(answers) < len(chunk):
            message = json.loads(await reader.readline())
            answers[message["id"]] = message
        for ident, (kind, record, sha256) in enumerate(chunk):
            if "result" not in answers[ident]:
                missing.append((kind, record, "absent"))
            elif sha256 and not blob_holds(core.data, sha256):
                missing.append((kind, record, "blob absent or different"))
    writer.close()
    return missing


def blob_holds(data, sha256):
    try:
        with open(os.path.join(data, "blobs", "sha256", sha256[:2], sha256), "rb") as f:
            return hashlib.sha256(f.read()).hexdigest() == sha256
    except OSError:
        return False


def integrity(data):
    database = sqlite3.connect(os.path.join(data, "toolkit.sqlite"))
    try:
        return [row[0] for row in database.execute("PRAGMA integrity_check")]
    finally:
        database.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--toolkit", default=".build/debug/toolkit")
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--entry-writers", type=int, default=6)
    parser.add_argument("--photo-writers", type=int, default=2)
    parser.add_argument("--min-seconds", type=float, default=0.2, help="shortest time before the kill")
    parser.add_argument("--max-seconds", type=float, default=2.0, help="longest time before the kill")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    directory = tempfile.mkdtemp(prefix="killloop-")
    jpeg = open(FIXTURE, "rb").read()
    photos = []
    for number in range(200):
        path = os.path.join(directory, f"IMG_{number:04d}.jpg")
        with open(path, "wb") as f:
            f.write(jpeg + rng.randbytes(rng.randint(16, 256) << 10))
        photos.append(path)

    core = Core(args.toolkit, directory)
    album = asyncio.run(create_album(core))
    acknowledged, errors, failures = [], [], []
    per_round = []
    started = time.monotonic()
    for number in range(1, args.rounds + 1):
        before = len(acknowledged)
        asyncio.run(round_of_writes(core, album, photos, acknowledged, rng, errors, args.entry_writers,
                                    args.photo_writers, (args.min_seconds, args.max_seconds)))
        checked = integrity(core.data)
        if checked != ["ok"]:
            failures.append({"round": number, "integrity_check": checked})
        core = Core(args.toolkit, directory)
        # This round's writes now; every round's once more at the end (a later kill must not lose them either).
        missing = asyncio.run(check(core, acknowledged[before:] if number < args.rounds else acknowledged))
        if missing:
            failures.append({"round": number, "missing": missing[:20], "missing_count": len(missing)})
        per_round.append(len(acknowledged) - before)
    core.process.send_signal(signal.SIGTERM)
    status = core.process.wait()
    report = {
        "rounds": args.rounds, "toolkit": args.toolkit, "seconds": round(time.monotonic() - started, 1),
        "acknowledged_writes": len(acknowledged),
        "acknowledged_entries": sum(1 for write in acknowledged if write[0] == "entry"),
        "acknowledged_photos": sum(1 for write in acknowledged if write[0] == "photo"),
        "acknowledged_per_round_min_max": [min(per_round), max(per_round)],
        "errors_answered": len(errors), "failures": failures, "last_exit_status": status,
    }
    print(json.dumps(report, ensure_ascii=False))
    if not failures:
        shutil.rmtree(directory, ignore_errors=True)
    else:
        print(f"kept {directory} for inspection", file=sys.stderr)
    sys.exit(1 if failures or status != 0 else 0)


async def create_album(core):
    reader, writer = await asyncio.open_unix_connection(core.socket)
    answer = await call(reader, writer, "albums.create", {"title": "kill loop"}, 1)
    writer.close()
    return answer["result"]["id"]


if __name__ == "__main__":
    main()
