#!/usr/bin/env bash
# The shutter benchmark (issue 12), in one run against one release core:
# 1. How soon `shutter.fire` is answered, that is how soon the first period of the shutter sound has been
#    written, over FIRES fires on one connection, next to `aplay` started FIRES times on the same sound and the
#    same file PCM (what a daemon without prepared sounds would pay to spawn a player):
#    - request → answer: measured by the client, from writing the request to reading the answer (socket,
#      dispatch, choosing the sound and device in the database, the prepared play's first period);
#    - in the core: the answer's latencyMs, from the handler's start to the first period written;
#    - aplay, process start → first write: its file PCM writes into a FIFO, and the clock stops when the first
#      byte arrives there (exec, ALSA's configuration, the WAV read, the device's open and first period);
#    - aplay, process start → exit: an upper bound.
#    The file PCM does not pace, so each fire's sound "plays" at once and no fire restarts another.
# 2. The core's RSS (VmRSS) idle, then with PETS pets each with its own shutter sound (distinct bytes, so one
#    prepared sound each: samples in memory, a device thread, an open PCM), each fired once so it is prepared.
# Needs: swift, python3, alsa-utils (aplay).
# Usage: Benchmarks/shutter/run.sh [FIRES [PETS]]   (defaults 1000 and 20)
# Writes the suite's result, Benchmarks/results/shutter.json (the fire's p99 against aplay's, goal <= 10 ms).
set -euo pipefail

fires=${1:-1000}
pets=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

if [ -z "${TOOLKIT_BIN:-}" ]; then
    echo "== building (release)" >&2
    make -s -C "$root" release >&2
fi
toolkit="${TOOLKIT_BIN:-$root/.build/release/toolkit}"

"$toolkit" sound builtin bell -o "$work/bell.wav" >/dev/null
device="file:'/dev/null',raw"

echo "== starting the core" >&2
"$toolkit" serve --socket "$work/toolkit.sock" --data-dir "$work/data" --log-level warning --no-plugins 2>"$work/serve.log" &
server=$!
for _ in $(seq 100); do [ -S "$work/toolkit.sock" ] && break; sleep 0.1; done
"$toolkit" call --socket "$work/toolkit.sock" settings.set shutterSoundId=bell >/dev/null

echo "== $fires fires, $fires aplay runs, then $pets pets' sounds prepared" >&2
python3 - "$work" "$device" "$fires" "$pets" "$server" "$root/Benchmarks" <<'PY'
import base64, json, os, select, socket, struct, subprocess, sys, time
work, device, fires, pets, pid = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
sys.path.insert(0, sys.argv[6])
import result

def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(f"{work}/toolkit.sock")
buffer = b""
next_id = 0

def call(method, params):
    global buffer, next_id
    next_id += 1
    request = json.dumps({"jsonrpc": "2.0", "id": next_id, "method": method, "params": params})
    start = time.perf_counter_ns()
    sock.sendall(request.encode() + b"\n")
    while b"\n" not in buffer:
        buffer += sock.recv(65536)
    line, buffer = buffer.split(b"\n", 1)
    elapsed = (time.perf_counter_ns() - start) / 1e6
    answer = json.loads(line)
    if "result" not in answer:
        sys.exit(f"{method} failed: {answer}")
    return elapsed, answer["result"]

def rss_kib():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

def threads():
    return len(os.listdir(f"/proc/{pid}/task"))

call("system.ping", {})
time.sleep(0.5)
idle_rss, idle_threads = rss_kib(), threads()

# 1. latency
first = call("shutter.fire", {"device": device})  # prepares the sound
roundtrips, inside = [], []
for _ in range(fires):
    r, answer = call("shutter.fire", {"device": device})
    roundtrips.append(r)
    inside.append(answer["latencyMs"])

fifo = f"{work}/aplay.fifo"
os.mkfifo(fifo)
aplay_first, aplay_exit = [], []
for _ in range(fires):
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    start = time.perf_counter_ns()
    child = subprocess.Popen(["aplay", "-q", "-D", f"file:'{fifo}',raw", f"{work}/bell.wav"])
    first_byte = None
    while True:
        ready, _, _ = select.select([reader], [], [], 5)
        if not ready:
            sys.exit("aplay wrote nothing to the FIFO in 5 s")
        chunk = os.read(reader, 1 << 16)
        if chunk and first_byte is None:
            first_byte = time.perf_counter_ns()
        if not chunk and first_byte is not None:
            break  # aplay closed its end
        if not chunk:
            time.sleep(0.0002)  # no writer yet
    if child.wait() != 0:
        sys.exit("aplay failed")
    aplay_exit.append((time.perf_counter_ns() - start) / 1e6)
    aplay_first.append((first_byte - start) / 1e6)
    os.close(reader)

print(f"#### shutter.fire to first period written, {fires} fires (bell, 0.9 s, `{device}`)")
print("| | p50 ms | p99 ms | max ms |")
print("|---|---:|---:|---:|")
for name, values in [
    ("`shutter.fire` request → answer (client, one connection)", roundtrips),
    ("`shutter.fire` in the core (`latencyMs`: handler start → first period)", inside),
    ("`aplay` of the same WAV on a file PCM, process start → first write", aplay_first),
    ("`aplay` of the same WAV on a file PCM, process start → exit", aplay_exit),
]:
    print(f"| {name} | {pct(values, 50):.3f} | {pct(values, 99):.3f} | {max(values):.3f} |")
print(f"\nThe first fire, which prepares the sound (reads the WAV, opens the device): {first[0]:.2f} ms.\n")

# 2. RSS with PETS pets, each with its own sound (the bell's samples with one sample changed: distinct bytes)
with open(f"{work}/bell.wav", "rb") as f:
    bell = bytearray(f.read())
for n in range(pets):
    wav = bytearray(bell)
    struct.pack_into("<h", wav, 44, n + 1)
    _, sound = call("sounds.import", {"data": base64.b64encode(bytes(wav)).decode(), "title": f"sound {n}"})
    call("pets.create", {"name": f"pet {n}", "shutterSoundId": sound["id"]})
time.sleep(0.5)
stored_rss, stored_threads = rss_kib(), threads()
_, page = call("pets.list", {"limit": 500})
for pet in page["items"]:
    call("shutter.fire", {"petId": pet["id"], "device": device})
time.sleep(0.5)
prepared_rss, prepared_threads = rss_kib(), threads()
for pet in page["items"]:  # fired again: each reuses its prepared sound
    call("shutter.fire", {"petId": pet["id"], "device": device})
time.sleep(0.5)
again_rss, again_threads = rss_kib(), threads()

print(f"#### the core's RSS, {pets} pets with their own shutter sound (bell-sized, 78 KiB of samples each)")
print("| state | VmRSS MiB | over idle MiB | threads |")
print("|---|---:|---:|---:|")
for name, rss, count in [
    ("idle (after 1 ping)", idle_rss, idle_threads),
    (f"{pets} sounds imported and {pets} pets created, nothing fired", stored_rss, stored_threads),
    (f"each pet fired once: {pets} sounds prepared", prepared_rss, prepared_threads),
    ("each pet fired again", again_rss, again_threads),
]:
    print(f"| {name} | {rss / 1024:.1f} | {(rss - idle_rss) / 1024:+.1f} | {count} |")
result.write("shutter", pct(roundtrips, 99), "ms", f"shutter.fire request -> answer p99 over {fires} fires",
             pct(aplay_first, 99), "aplay of the same WAV on the same file PCM: start -> first write, p99",
             goal="figure <= 10", command=f"Benchmarks/shutter/run.sh {fires} {pets}",
             extra={"fire_p50_ms": pct(roundtrips, 50), "in_core_p99_ms": pct(inside, 99),
                    "aplay_first_p50_ms": pct(aplay_first, 50), "idle_rss_mib": round(idle_rss / 1024, 1),
                    "prepared_rss_over_idle_mib": round((prepared_rss - idle_rss) / 1024, 1)})
PY
