#!/usr/bin/env bash
# The shutter benchmark (issue 12): how soon `shutter.fire` is answered, that is how soon the first period of
# the shutter sound has been written, over FIRES fires on one connection to a running core, next to `aplay`
# started FIRES times on the same sound and the same file PCM (what a daemon without prepared sounds would pay
# to spawn a player).
#   - request → answer: measured by the client, from writing the request to reading the answer (socket,
#     dispatch, choosing the sound and device in the database, the prepared play's first period);
#   - in the core: the answer's latencyMs, from the handler's start to the first period written;
#   - aplay: the whole process, start to exit, an upper bound on its time to first period.
# The file PCM does not pace, so each fire's sound "plays" at once and no fire restarts another.
# Needs: swift, python3, alsa-utils (aplay).
# Usage: Benchmarks/shutter/run.sh [FIRES]   (FIRES defaults to 1000)
set -euo pipefail

fires=${1:-1000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

echo "== building (release)" >&2
swift build -c release --package-path "$root" --product toolkit --static-swift-stdlib >&2
toolkit="$root/.build/release/toolkit"

"$toolkit" sound builtin bell -o "$work/bell.wav" >/dev/null
device="file:'/dev/null',raw"

echo "== starting the core" >&2
"$toolkit" serve --socket "$work/toolkit.sock" --data-dir "$work/data" --log-level warning --no-plugins 2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do [ -S "$work/toolkit.sock" ] && break; sleep 0.1; done
"$toolkit" call --socket "$work/toolkit.sock" settings.set shutterSoundId=bell >/dev/null

echo "== $fires fires, then $fires aplay runs" >&2
python3 - "$work" "$device" "$fires" <<'PY'
import json, socket, subprocess, sys, time
work, device, fires = sys.argv[1], sys.argv[2], int(sys.argv[3])

def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(f"{work}/toolkit.sock")
buffer = b""

def call(n):
    global buffer
    request = json.dumps({"jsonrpc": "2.0", "id": n, "method": "shutter.fire", "params": {"device": device}})
    start = time.perf_counter_ns()
    sock.sendall(request.encode() + b"\n")
    while b"\n" not in buffer:
        buffer += sock.recv(65536)
    line, buffer = buffer.split(b"\n", 1)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    answer = json.loads(line)
    if "result" not in answer:
        sys.exit(f"shutter.fire failed: {answer}")
    return elapsed, answer["result"]["latencyMs"]

first = call(0)  # prepares the sound
roundtrips, inside = [], []
for n in range(1, fires + 1):
    r, l = call(n)
    roundtrips.append(r)
    inside.append(l)

aplay = []
for _ in range(fires):
    start = time.perf_counter_ns()
    subprocess.run(["aplay", "-q", "-D", device, f"{work}/bell.wav"], check=True)
    aplay.append((time.perf_counter_ns() - start) / 1e6)

print(f"#### shutter.fire to first period written, {fires} fires (bell, 0.9 s, `{device}`)")
print("| | p50 ms | p99 ms | max ms |")
print("|---|---|---|---|")
for name, values in [
    ("`shutter.fire` request → answer (client, one connection)", roundtrips),
    ("`shutter.fire` in the core (`latencyMs`: handler start → first period)", inside),
    ("`aplay` started on the same file and PCM (start to exit)", aplay),
]:
    print(f"| {name} | {pct(values, 50):.3f} | {pct(values, 99):.3f} | {max(values):.3f} |")
print(f"\nThe first fire, which prepares the sound (reads the WAV, opens the device): {first[0]:.2f} ms.")
PY
