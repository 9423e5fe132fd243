#!/usr/bin/env python3
"""Soak: N clients x S seconds of mixed traffic against a `toolkit serve` this script starts.

Traffic per client, chosen at random: system.ping, diary.create, diary.list, diary.search, diary.get (of an
entry it created), settings.get / settings.set, and pipelined bursts of 16 requests in one write. A few clients
are slow readers: they pipeline 200 diary.list requests and read the answers slowly.

Reports one JSON object: answers, errors by code, dropped connections (a close the client did not ask for),
acknowledged creates and how many are missing at the end (each is fetched with diary.get), the core's RSS
and descriptors before and after, and its peak RSS. Exit status 1 when any error, drop or loss was seen.
"""
import argparse, asyncio, collections, json, os, random, shutil, signal, socket, subprocess, sys, tempfile, time

WORDS = ["산책", "공원", "간식", "낮잠", "목욕", "walk", "park", "treat", "nap", "bath", "ball", "friend"]


def proc_status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    kib = lambda key: int(fields.get(key, "0 kB").split()[0])
    return {"rss_mib": round(kib("VmRSS") / 1024, 1), "peak_rss_mib": round(kib("VmHWM") / 1024, 1),
            "fds": len(os.listdir(f"/proc/{pid}/fd"))}


class Stats:
    def __init__(self):
        self.answers = 0
        self.errors = collections.Counter()
        self.dropped = 0
        self.acknowledged = []  # ids of entries the core said it created
        self.ops = collections.Counter()


class Client:
    """One connection; requests are matched to answers by id, so pipelining and out-of-order answers work."""

    def __init__(self, reader, writer, stats):
        self.reader, self.writer, self.stats = reader, writer, stats
        self.next_id = 0
        self.pending = {}
        self.closing = False
        self.task = asyncio.create_task(self.read_loop())

    async def read_loop(self, delay=0.0):
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                message = json.loads(line)
                future = self.pending.pop(message.get("id"), None)
                if future is None:
                    continue  # a notification
                self.stats.answers += 1
                if "error" in message:
                    self.stats.errors[str(message["error"]["code"])] += 1
                future.set_result(message)
                if self.delay:
                    await asyncio.sleep(self.delay)
        except (ConnectionError, OSError):
            pass
        if not self.closing:
            self.stats.dropped += 1
        for future in self.pending.values():
            if not future.done():
                future.set_exception(ConnectionError("dropped"))

    delay = 0.0

    def send(self, requests):
        futures = []
        data = b""
        for method, params in requests:
            self.next_id += 1
            future = asyncio.get_running_loop().create_future()
            self.pending[self.next_id] = future
            futures.append(future)
            data += json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": self.next_id},
                               ensure_ascii=False).encode() + b"\n"
        self.writer.write(data)
        return futures

    async def call(self, method, params=None):
        (future,) = self.send([(method, params or {})])
        await self.writer.drain()
        return await future

    async def close(self):
        self.closing = True
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except (ConnectionError, OSError):
            pass
        await self.task


async def connect(path, stats):
    reader, writer = await asyncio.open_unix_connection(path, limit=1 << 24)
    return Client(reader, writer, stats)


def entry_params(rng):
    return {"title": " ".join(rng.sample(WORDS, 2))[:15],
            "body": " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 40)))[:500],
            "tags": rng.sample(["walk", "food", "vet", "play"], rng.randint(0, 2))}


async def normal_client(path, stats, deadline, seed):
    rng = random.Random(seed)
    client = await connect(path, stats)
    mine = []
    try:
        while time.monotonic() < deadline:
            op = rng.choices(["ping", "create", "list", "search", "get", "settings", "burst"],
                             [20, 20, 15, 15, 10, 5, 15])[0]
            stats.ops[op] += 1
            if op == "ping":
                await client.call("system.ping")
            elif op == "create":
                answer = await client.call("diary.create", entry_params(rng))
                if "result" in answer:
                    stats.acknowledged.append(answer["result"]["id"])
                    mine.append(answer["result"]["id"])
            elif op == "list":
                await client.call("diary.list", {"limit": rng.choice([10, 50])})
            elif op == "search":
                await client.call("diary.search", {"query": rng.choice(WORDS), "limit": 10})
            elif op == "get" and mine:
                await client.call("diary.get", {"id": rng.choice(mine)})
            elif op == "settings":
                if rng.random() < 0.5:
                    await client.call("settings.get")
                else:
                    await client.call("settings.set", {"themeColor": "#%06X" % rng.randrange(1 << 24)})
            elif op == "burst":
                futures = client.send([("system.ping", {}), ("diary.list", {"limit": 10})] * 8)
                await client.writer.drain()
                await asyncio.gather(*futures)
    except ConnectionError:
        pass
    await client.close()


async def slow_reader(path, stats, deadline):
    client = await connect(path, stats)
    client.delay = 0.02
    try:
        while time.monotonic() < deadline:
            futures = client.send([("diary.list", {"limit": 50})] * 200)
            await client.writer.drain()
            await asyncio.gather(*futures)
    except ConnectionError:
        pass
    await client.close()


async def verify(path, stats):
    """Fetches every acknowledged entry over 8 connections; returns the ids that are missing."""
    verifier_stats = Stats()
    clients = [await connect(path, verifier_stats) for _ in range(8)]
    missing = []
    ids = list(stats.acknowledged)
    for start in range(0, len(ids), 512):
        chunk = ids[start:start + 512]
        futures = []
        for index, entry in enumerate(chunk):
            futures += clients[index % 8].send([("diary.get", {"id": entry})])
        for client in clients:
            await client.writer.drain()
        for entry, answer in zip(chunk, await asyncio.gather(*futures)):
            if "result" not in answer or answer["result"].get("id") != entry:
                missing.append(entry)
    for client in clients:
        await client.close()
    return missing


async def soak(args, socket_path):
    stats = Stats()
    deadline = time.monotonic() + args.seconds
    tasks = [normal_client(socket_path, stats, deadline, seed) for seed in range(args.clients - args.slow)]
    tasks += [slow_reader(socket_path, stats, deadline) for _ in range(args.slow)]
    await asyncio.gather(*tasks)
    return stats


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--toolkit", default=".build/debug/toolkit", help="the toolkit binary to serve")
    parser.add_argument("--clients", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--slow", type=int, default=4, help="how many of the clients are slow readers")
    parser.add_argument("--result", action="store_true",
                        help="also write the suite's result, Benchmarks/results/soak.json")
    args = parser.parse_args()

    directory = tempfile.mkdtemp(prefix="soak-")
    socket_path = os.path.join(directory, "toolkit.sock")
    log = open(os.path.join(directory, "serve.log"), "w")
    environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(directory, "config"))
    core = subprocess.Popen([args.toolkit, "serve", "--socket", socket_path, "--data-dir",
                             os.path.join(directory, "data")], stderr=log, env=environment)
    try:
        for _ in range(1000):
            try:
                probe = socket.socket(socket.AF_UNIX)
                probe.connect(socket_path)
                probe.close()
                break
            except OSError:
                time.sleep(0.01)
        before = proc_status(core.pid)
        started = time.monotonic()
        stats = asyncio.run(soak(args, socket_path))
        elapsed = time.monotonic() - started
        time.sleep(1)  # let the core close what the clients closed
        after = proc_status(core.pid)
        missing = asyncio.run(verify(socket_path, stats))
        core.send_signal(signal.SIGTERM)
        status = core.wait(timeout=30)
    finally:
        if core.poll() is None:
            core.kill()
            core.wait()
    report = {
        "clients": args.clients, "slow_readers": args.slow, "seconds": round(elapsed, 1),
        "toolkit": args.toolkit, "answers": stats.answers, "answers_per_second": round(stats.answers / elapsed),
        "errors_by_code": dict(stats.errors), "dropped_connections": stats.dropped,
        "acknowledged_creates": len(stats.acknowledged), "lost_acknowledged_creates": len(missing),
        "operations": dict(stats.ops), "before": before, "after": after, "exit_status": status,
    }
    print(json.dumps(report, ensure_ascii=False))
    shutil.rmtree(directory, ignore_errors=True)
    if args.result:
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        import result
        result.write("soak", sum(stats.errors.values()) + stats.dropped + len(missing), "failures",
                     "errors + dropped connections + lost acknowledged creates", goal="figure <= 0",
                     command="Benchmarks/soak/soak.py --toolkit %s --clients %d --seconds %g --slow %d --result" % (
                         args.toolkit, args.clients, args.seconds, args.slow),
                     extra={k: report[k] for k in ("answers", "answers_per_second", "acknowledged_creates",
                                                   "exit_status")} | {"peak_rss_mib": after["peak_rss_mib"]})
    failed = stats.errors or stats.dropped or missing or status != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
