#!/usr/bin/env python3
"""Measures video work through the core against the same work done without it, in one run (see run.sh).

usage: bench.py --bin TOOLKIT --corpus DIR --loadgen PATH --out RAWDIR [--reps N]

Prints a table and one JSON line per measure to RAWDIR/video.jsonl; writes the suite's result.
"""
import argparse, json, math, os, shutil, signal, socket, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import result  # noqa: E402


class Client:
    """A JSON-RPC 2.0 client on a Unix socket: one request at a time, one answer per line."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(path)
        self.reader = self.sock.makefile("rb")
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        payload = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.sock.sendall((json.dumps(payload) + "\n").encode())
        while True:
            answer = json.loads(self.reader.readline())
            if "id" in answer:  # progress notifications and events carry none
                break
        if "error" in answer:
            sys.exit(f"bench.py: {method}: {answer['error']}")
        return answer["result"]


class Core:
    """`toolkit serve` on a fresh data directory with `config` as its config file."""

    def __init__(self, binary, work, config):
        self.dir = tempfile.mkdtemp(dir=work)
        self.socket = os.path.join(self.dir, "s.sock")
        with open(os.path.join(self.dir, "config.json"), "w") as f:
            json.dump(config, f)
        self.process = subprocess.Popen(
            [binary, "serve", "--socket", self.socket, "--data-dir", os.path.join(self.dir, "data"),
             "--config", os.path.join(self.dir, "config.json"), "--no-plugins", "--log-level", "error"])
        for _ in range(500):
            if os.path.exists(self.socket):
                break
            time.sleep(0.02)
        self.client = Client(self.socket)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def timed(action):
    start = time.perf_counter()
    value = action()
    return time.perf_counter() - start, value


def run(command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def poster_command(ffmpeg, path, demuxer, out, duration=None):
    """The command the core runs for a video's poster (Media/Thumbnails/Thumbnailer.swift and PosterSampling.swift),
    under its nice: 20 candidates spread over the clip's `duration` (keyframes only from 120 s), else its first 50."""
    skip, select, candidates = [], "", 50
    if duration and duration > 0:
        step = math.floor(duration / 20 * 1000) / 1000
        select, candidates = f"select='isnan(prev_selected_t)+gte(t-prev_selected_t,{step})',", 20
        skip = ["-skip_frame", "nokey"] if duration >= 120 else []
    return ["nice", "-n", "10", ffmpeg, "-nostdin", "-hide_banner", *skip, "-threads", "2", "-protocol_whitelist",
            "file", "-f", demuxer, "-i", "file:" + path, "-an", "-sn", "-vf",
            select + "scale=w='min(2048,iw)':h='min(2048,ih)':force_original_aspect_ratio=decrease:"
            f"force_divisible_by=2,thumbnail={candidates}", "-frames:v", "1", "-c:v", "mjpeg", "-threads", "1",
            "-q:v", "2", "-f", "image2", "-y", out]


def transcode_command(ffmpeg, path, demuxer, out):
    """The command the core runs for a browser-playable copy (Media/Renditions/VideoRenditionMaker.swift) on
    this machine: threads are the processors shared among ffmpegRuns (1 here), at most 4."""
    threads = str(min(4, max(1, os.cpu_count() or 1)))
    return ["nice", "-n", "10", ffmpeg, "-nostdin", "-hide_banner", "-threads", threads, "-protocol_whitelist", "file",
            "-f", demuxer, "-i", "file:" + path, "-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn", "-vf",
            "scale=w='min(1920,iw)':h='min(1920,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
            "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-threads", threads,
            "-c:a", "aac", "-b:a", "128k", "-ac", "2", "-movflags", "+faststart", "-f", "mp4", "-y", "file:" + out]


def loadgen(path, socket_path, seconds):
    line = subprocess.run(
        [path, "--socket", socket_path, "--conns", "1", "--depth", "1", "--duration", str(seconds), "--warmup", "0.5",
         "--method", "system.ping"], check=True, capture_output=True, text=True).stdout
    return json.loads(line)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--loadgen", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--command", default="Benchmarks/video/run.sh")
    args = parser.parse_args()
    ffmpeg = shutil.which("ffmpeg")
    long_clip = os.path.join(args.corpus, "long.mp4")
    phone_dir = os.path.join(args.corpus, "phone")
    phones = sorted(os.path.join(phone_dir, n) for n in os.listdir(phone_dir) if n.endswith(".mov"))
    phone_bytes = sum(os.path.getsize(p) for p in phones)
    work = tempfile.mkdtemp(prefix="toolkit-video-bench.")
    rows = []
    try:
        for p in phones + [long_clip]:
            open(p, "rb").read()  # the page cache, for both sides alike

        # Import: 20 phone clips by path into a fresh diary, against cp + sha256sum of the same files.
        anchor, core_import = [], []
        for _ in range(args.reps):
            copy = os.path.join(work, "cp")
            seconds, _ = timed(lambda: (run(["cp", "-r", phone_dir, copy]),
                                        run(["sh", "-c", f"sha256sum {copy}/*.mov"])))
            anchor.append(seconds)
            shutil.rmtree(copy)
            core = Core(args.bin, work, {"videoTranscode": "never"})
            album = core.client.call("albums.create", title="phone")["id"]
            seconds, _ = timed(lambda: run([args.bin, "photos", "import", *phones, "--album", album, "--quiet",
                                            "--socket", core.socket]))
            core_import.append(seconds)
            core.stop()
        rows.append({"measure": "import", "core_s": statistics.median(core_import),
                     "anchor_s": statistics.median(anchor), "mb": phone_bytes / 1e6})

        # Posters: photos.thumbnail of a video never asked at that size (so ffmpeg runs), against the same
        # ffmpeg command alone, alternated.
        core = Core(args.bin, work, {"videoTranscode": "never"})
        album = core.client.call("albums.create", title="posters")["id"]
        imported = {p: core.client.call("photos.import", albumId=album, path=p) for p in [long_clip] + phones}
        ids = {p: video["id"] for p, video in imported.items()}
        size = 320
        frame = os.path.join(work, "poster.jpg")
        for name, clips, demuxer in (("poster-long", [long_clip] * args.reps, "mp4"), ("poster-phone", phones, "mov")):
            through, alone = [], []
            for clip in clips:
                command = poster_command(ffmpeg, clip, demuxer, frame, imported[clip].get("durationSeconds"))
                alone.append(timed(lambda: run(command))[0])
                size += 1
                through.append(timed(lambda: core.client.call("photos.thumbnail", id=ids[clip], size=size))[0])
            rows.append({"measure": name, "core_s": statistics.median(through), "anchor_s": statistics.median(alone),
                         "runs": len(clips)})
        core.stop()

        # Transcode: under "always" the copy is made in the background once the import answers, and
        # photos.rendition {wait} answers when it is made; timed from the import's answer, alternated with the
        # same ffmpeg command alone. Then ping p99, idle and while one more copy is made: apart, because a
        # loadgen pinging flat out takes a processor from ffmpeg.
        through, alone = [], []
        out = os.path.join(work, "copy.mp4")

        def transcode(core, ping_seconds=None):
            album = core.client.call("albums.create", title="long")["id"]
            video = core.client.call("photos.import", albumId=album, path=long_clip)["id"]
            start = time.perf_counter()
            pinger = None
            if ping_seconds:
                pinger = subprocess.Popen(
                    [args.loadgen, "--socket", core.socket, "--conns", "1", "--depth", "1", "--duration",
                     str(ping_seconds), "--warmup", "0.5", "--method", "system.ping"], stdout=subprocess.PIPE,
                    text=True)
            answer = core.client.call("photos.rendition", id=video, wait=True)
            seconds = time.perf_counter() - start
            if answer.get("state") != "ready":
                sys.exit(f"bench.py: the rendition is {answer}")
            return seconds, json.loads(pinger.communicate()[0])["p99_us"] if pinger else None

        for _ in range(args.reps):
            alone.append(timed(lambda: run(transcode_command(ffmpeg, long_clip, "mp4", out)))[0])
            core = Core(args.bin, work, {"videoTranscode": "always"})
            through.append(transcode(core)[0])
            core.stop()
        rows.append({"measure": "transcode-long", "core_s": statistics.median(through),
                     "anchor_s": statistics.median(alone), "runs": args.reps})
        core = Core(args.bin, work, {"videoTranscode": "always"})
        idle = loadgen(args.loadgen, core.socket, 10)["p99_us"]
        busy = transcode(core, ping_seconds=10)[1]
        core.stop()
        rows.append({"measure": "ping-p99", "core_s": busy / 1e6, "anchor_s": idle / 1e6, "runs": 1})
    finally:
        shutil.rmtree(work, ignore_errors=True)

    with open(os.path.join(args.out, "video.jsonl"), "w") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    by = {r["measure"]: r for r in rows}
    goals = {"import": ("cp + sha256sum / import", ">= 1.00"), "poster-long": ("core / ffmpeg alone", "<= 1.20"),
             "poster-phone": ("core / ffmpeg alone", "<= 1.20"), "transcode-long": ("core / ffmpeg alone", "<= 1.10"),
             "ping-p99": ("during / idle", "<= 2.00")}
    print("%-15s %12s %12s %8s  %s" % ("measure", "core", "anchor", "ratio", "goal"))
    for name, row in by.items():
        ratio = row["anchor_s"] / row["core_s"] if name == "import" else row["core_s"] / row["anchor_s"]
        row["ratio"] = ratio
        unit = "ms" if name == "ping-p99" else "s"
        scale = 1000 if unit == "ms" else 1
        print("%-15s %10.3f %s %10.3f %s %8.2f  %s %s" % (name, row["core_s"] * scale, unit, row["anchor_s"] * scale,
                                                        unit, ratio, *goals[name]))
    imp = by["import"]
    result.write("video", imp["mb"] / imp["core_s"], "MB/s",
                 "toolkit photos import of 20 phone clips (%.0f MB), median" % imp["mb"],
                 imp["mb"] / imp["anchor_s"], "cp -r + sha256sum of the same files, median", goal="ratio >= 1.0",
                 command=args.command,
                 extra={name: {"core_s": round(r["core_s"], 6), "anchor_s": round(r["anchor_s"], 6),
                               "ratio": round(r["ratio"], 3)} for name, r in by.items()})


if __name__ == "__main__":
    main()
