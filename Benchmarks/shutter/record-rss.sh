#!/usr/bin/env bash
# The core's memory while it records (issue 12): one `sounds.record` of SECONDS (default 600, the cap) from a
# `file` PCM whose infile holds that much 44.1 kHz mono 16-bit audio, with the core's RSS sampled every 10 ms
# from /proc while the request runs. The capture streams to a temp file period by period, so RSS should stay
# flat: the report gives it at the start, its peak, and at the end, with the time the request took.
# The file PCM does not pace, so 10 minutes are captured in seconds; the memory path is the same as a real one's.
# Needs: swift, python3. Build: debug by default (CONFIG=release for a release build, which takes minutes).
# Usage: Benchmarks/shutter/record-rss.sh [SECONDS]
set -euo pipefail

seconds=${1:-600}
config=${CONFIG:-debug}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

echo "== building ($config)" >&2
swift build -c "$config" --package-path "$root" --product toolkit >&2
toolkit="$root/.build/$config/toolkit"

echo "== $seconds s of input" >&2
head -c $((seconds * 44100 * 2)) /dev/urandom >"$work/input.raw"
cat >"$work/capture.conf" <<CONF
pcm.benchcapture { type file slave.pcm null file "/dev/null" infile "$work/input.raw" format raw }
CONF

echo "== starting the core" >&2
ALSA_CONFIG_PATH="/usr/share/alsa/alsa.conf:$work/capture.conf" \
    "$toolkit" serve --socket "$work/toolkit.sock" --data-dir "$work/data" --log-level warning --no-plugins \
    2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do [ -S "$work/toolkit.sock" ] && break; sleep 0.1; done

python3 - "$work" "$server" "$seconds" "$config" <<'PY'
import json, socket, sys, threading, time
work, pid, seconds, config = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]

def rss():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])  # KiB

samples = []
done = threading.Event()
def sample():
    while not done.is_set():
        samples.append(rss())
        time.sleep(0.01)

start_rss = rss()
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(f"{work}/toolkit.sock")
sampler = threading.Thread(target=sample)
sampler.start()
started = time.perf_counter()
request = {"jsonrpc": "2.0", "id": 1, "method": "sounds.record",
           "params": {"title": "bench", "seconds": seconds, "device": "benchcapture"}}
sock.sendall(json.dumps(request).encode() + b"\n")
buffer = b""
while b"\n" not in buffer:
    buffer += sock.recv(65536)
elapsed = time.perf_counter() - started
done.set()
sampler.join()
answer = json.loads(buffer.split(b"\n", 1)[0])
if "error" in answer:
    sys.exit(f"sounds.record failed: {answer['error']}")
end_rss = rss()
sound = answer["result"]
mib = lambda kib: kib / 1024
print(f"sounds.record of {seconds:.0f} s ({sound['bytes'] / 1e6:.1f} MB WAV), {config} build, file PCM infile")
print(f"| RSS at start | peak during ({len(samples)} samples) | at end | request took |")
print(f"|---|---|---|---|")
print(f"| {mib(start_rss):.1f} MiB | {mib(max(samples + [start_rss])):.1f} MiB | {mib(end_rss):.1f} MiB | {elapsed:.2f} s |")
PY
