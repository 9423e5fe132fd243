#!/usr/bin/env bash
# The core's JSON-RPC speed next to the anchors, in one run on one machine:
#   the C epoll server and the Python asyncio server of ../shared/bench, and `toolkit serve` (release),
#   each driven by ../shared/bench/loadgen over conns {1, 64} x depth {1, 16} with system.ping / ping.
# Also: start to socket ready, idle RSS, and peak RSS of the core under the 64 x 16 load.
#
#   Benchmarks/rpc/run.sh [--secs S] [--reps R] [--conns "1 8 64"] [--depths "1 16"]
#
# Writes Benchmarks/results/raw/rpc-*.jsonl, prints a table of every point against the anchors, and writes the
# suite's result (Benchmarks/results/rpc.json): toolkit's rps at the largest conns x depth measured, against C's.
# TOOLKIT_BIN=/path/to/toolkit measures that binary instead of building this tree's (a release build of
# another commit, for a before/after in one session).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
SECS=3 REPS=3 CONNS="1 64" DEPTHS="1 16"
ARGV=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --secs) SECS=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        --conns) CONNS=$2; shift 2 ;;
        --depths) DEPTHS=$2; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ -x "$BENCH/run.sh" ] || { echo "run.sh: no anchors at $BENCH" >&2; exit 1; }
OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
TMP=$(mktemp -d /tmp/toolkit-bench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
if [ ! -w "$BENCH/c-server" ]; then  # the shared folder may be read-only: its run.sh builds into it, so use a copy
    cp -r "$BENCH" "$TMP/bench" && chmod -R u+w "$TMP/bench" && BENCH=$TMP/bench
fi

if [ -n "${TOOLKIT_BIN:-}" ]; then
    BIN=$TOOLKIT_BIN
else
    echo "== building toolkit (release)" >&2
    make -s -C "$ROOT" release >&2
    BIN=$ROOT/.build/release/toolkit
fi

# A wrapper that records the core's pid (exec keeps it) so its memory can be sampled.
cat >"$TMP/serve.sh" <<WRAP
#!/bin/sh
echo \$\$ > "$TMP/core.pid"
exec "$BIN" serve --socket "\$1" --data-dir "$TMP/data" --log-level error
WRAP
chmod +x "$TMP/serve.sh"

echo "== start to socket ready, idle RSS" >&2
python3 - "$BIN" "$TMP" >"$OUT/rpc-startup.json" <<'PY'
import json, os, socket, statistics, subprocess, sys, time
binary, tmp = sys.argv[1], sys.argv[2]
times, rss = [], []
for run in range(20):
    path = os.path.join(tmp, "start%d.sock" % run)
    start = time.perf_counter()
    core = subprocess.Popen([binary, "serve", "--socket", path, "--data-dir", os.path.join(tmp, "data")],
                            stderr=subprocess.DEVNULL)
    while True:
        try:
            s = socket.socket(socket.AF_UNIX); s.connect(path); s.close(); break
        except OSError:
            time.sleep(0.0005)
    times.append((time.perf_counter() - start) * 1000)
    if run == 0:
        time.sleep(1.0)
        for line in open("/proc/%d/status" % core.pid):
            if line.startswith("VmRSS"):
                rss.append(int(line.split()[1]) / 1024)
    core.terminate(); core.wait()
print(json.dumps({"start_ms_p50": round(statistics.median(times), 1), "start_ms_max": round(max(times), 1),
                  "idle_rss_mib": round(rss[0], 1)}))
PY
cat "$OUT/rpc-startup.json" >&2

COMMON=(--secs "$SECS" --reps "$REPS" --conns "$CONNS" --depths "$DEPTHS" --outdir "$TMP")
echo "== C anchor" >&2
"$BENCH/run.sh" c "${COMMON[@]}" >/dev/null
echo "== Python anchor" >&2
"$BENCH/run.sh" py "${COMMON[@]}" >/dev/null
echo "== toolkit" >&2
( # sample the core's RSS while it runs
    while [ ! -s "$TMP/core.pid" ]; do sleep 0.05; done
    pid=$(cat "$TMP/core.pid"); peak=0
    while kill -0 "$pid" 2>/dev/null; do
        rss=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
        [ "${rss:-0}" -gt "$peak" ] && peak=$rss && echo "$peak" >"$TMP/peak.kb"
        sleep 0.1
    done
) &
SAMPLER=$!
"$BENCH/run.sh" toolkit --method system.ping "${COMMON[@]}" -- "$TMP/serve.sh" "{SOCK}" >/dev/null
wait "$SAMPLER" || true
cp "$TMP"/results-c.jsonl "$OUT/rpc-c.jsonl"
cp "$TMP"/results-py.jsonl "$OUT/rpc-py.jsonl"
cp "$TMP"/results-toolkit.jsonl "$OUT/rpc-toolkit.jsonl"

python3 - "$OUT" "$(cat "$TMP/peak.kb" 2>/dev/null || echo 0)" "${ARGV[@]}" <<'PY'
import json, os, sys
out, peak_kb = sys.argv[1], int(sys.argv[2])
def load(name):
    return {(r["conns"], r["depth"]): r for r in map(json.loads, open("%s/rpc-%s.jsonl" % (out, name)))}
c, py, tk = load("c"), load("py"), load("toolkit")
startup = json.load(open("%s/rpc-startup.json" % out))
print("| conns x depth | C rps | Python rps | toolkit rps | toolkit/C | toolkit/Py | C p50 µs | toolkit p50 µs | toolkit p99 µs | p50 toolkit/C |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for key in sorted(tk):
    a, b, t = c[key], py[key], tk[key]
    print("| %d x %d | %s | %s | %s | %.0f %% | %.1f× | %.1f | %.1f | %.1f | %.1f× |" % (
        key[0], key[1], f"{a['rps']:,.0f}", f"{b['rps']:,.0f}", f"{t['rps']:,.0f}",
        100 * t["rps"] / a["rps"], t["rps"] / b["rps"], a["p50_us"], t["p50_us"], t["p99_us"], t["p50_us"] / a["p50_us"]))
print()
print("start to socket ready: p50 %.1f ms (max %.1f ms); idle RSS %.1f MiB; peak RSS under load %.1f MiB; errors: %d" % (
    startup["start_ms_p50"], startup["start_ms_max"], startup["idle_rss_mib"], peak_kb / 1024,
    max(r["errors"] for r in tk.values())))
sys.path.insert(0, os.path.join(out, "..", ".."))
import result
top = max(tk)
result.write("rpc", tk[top]["rps"], "rps", "system.ping rps at %d x %d" % top, c[top]["rps"],
             "C epoll server (../shared/bench), same loadgen", command=" ".join(["Benchmarks/rpc/run.sh"] + sys.argv[3:]),
             extra={"python_rps": py[top]["rps"], "p50_us": tk[top]["p50_us"], "c_p50_us": c[top]["p50_us"],
                    "p99_us": tk[top]["p99_us"], "errors": tk[top]["errors"], **startup,
                    "peak_rss_mib": round(peak_kb / 1024, 1)})
PY
