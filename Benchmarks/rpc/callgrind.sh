#!/usr/bin/env bash
# Instructions per request of `toolkit serve` (release) under callgrind: repeatable on a noisy machine,
# where wall-clock rps is not. User space only (the kernel's share is not counted).
#
#   Benchmarks/rpc/callgrind.sh [--bin PATH] [--requests N] [--warmup W] [--conns C] [--depth D] [--method M]
#                               [--params JSON] [--plugin PATH] [--data DIR]
#
# Runs a warm-up of W requests (16,000), zeroes the counters, runs N requests (default 64,000) over C
# connections (64) at depth D (16), dumps, and prints the total and the instructions per request. The
# profile stays in Benchmarks/results/raw/callgrind.<label>.* for callgrind_annotate. With --plugin, the core loads
# that plugin (which runs natively, outside valgrind) and the run starts once METHOD answers: a forwarded call,
# e.g. --plugin bench-echo --method bench.echo --params '{"n":1}' (Benchmarks/plugins/bench-echo.c). With --data,
# the core serves a copy of that data directory (a seeded diary: --method diary.list on 20,000 entries).
#
# Two workarounds for valgrind 3.19: it cannot read the DWARF 5 of a Swift binary (a copy without debug
# info is profiled; symbols remain), and it crashes on the main thread's sigsuspend (a preloaded shim
# copies the mask to the stack first).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
DATA="" BIN="" N=64000 WARMUP=16000 C=64 D=16 METHOD=system.ping PARAMS="" PLUGIN=""
while [ $# -gt 0 ]; do
    case $1 in
        --bin) BIN=$2; shift 2 ;;
        --requests) N=$2; shift 2 ;;
        --warmup) WARMUP=$2; shift 2 ;;
        --conns) C=$2; shift 2 ;;
        --depth) D=$2; shift 2 ;;
        --method) METHOD=$2; shift 2 ;;
        --params) PARAMS=$2; shift 2 ;;
        --plugin) PLUGIN=$2; shift 2 ;;
        --data) DATA=$2; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "callgrind.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null || { echo "callgrind.sh: needs valgrind" >&2; exit 1; }
TMP=$(mktemp -d /tmp/toolkit-callgrind.XXXXXX)
VPID=""
cleanup() { [ -n "$VPID" ] && kill -TERM "$VPID" 2>/dev/null && wait "$VPID" 2>/dev/null; rm -rf "$TMP"; }
trap cleanup EXIT

LOADGEN=$BENCH/loadgen/loadgen
if [ ! -x "$LOADGEN" ]; then  # the shared folder may be read-only: build a private copy
    cp -r "$BENCH/loadgen" "$BENCH/common" "$TMP/" && chmod -R u+w "$TMP/loadgen"
    make -s -C "$TMP/loadgen" && LOADGEN=$TMP/loadgen/loadgen
fi
if [ -z "$BIN" ]; then
    echo "== building toolkit (release)" >&2
    make -s -C "$ROOT" release >&2
    BIN=$ROOT/.build/release/toolkit
fi
objcopy --strip-debug "$BIN" "$TMP/toolkit"
[ -n "$DATA" ] && cp -a "$DATA" "$TMP/data"  # a copy: the run must not change the diary it measures
cat >"$TMP/shim.c" <<'C'
#define _GNU_SOURCE
#include <signal.h>
#include <unistd.h>
#include <sys/syscall.h>
int sigsuspend(const sigset_t *mask) { sigset_t copy = *mask; return syscall(SYS_rt_sigsuspend, &copy, 8); }
C
gcc -O2 -shared -fPIC -o "$TMP/shim.so" "$TMP/shim.c"

OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
LABEL=${C}x${D}-$(date +%H%M%S)-$$
LD_PRELOAD=$TMP/shim.so valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.$LABEL.%p" \
    "$TMP/toolkit" serve --socket "$TMP/s.sock" --data-dir "$TMP/data" --log-level error \
    ${PLUGIN:+--plugin "$PLUGIN"} 2>"$TMP/valgrind.log" &
VPID=$!
for _ in $(seq 600); do [ -S "$TMP/s.sock" ] && break; sleep 0.1; done
[ -S "$TMP/s.sock" ] || { echo "callgrind.sh: the server did not start" >&2; cat "$TMP/valgrind.log" >&2; exit 1; }
LOADARGS=(--method "$METHOD")
[ -n "$PARAMS" ] && LOADARGS+=(--params "$PARAMS")
if [ -n "$PLUGIN" ]; then  # until the plugin's method answers
    python3 - "$TMP/s.sock" "$METHOD" "${PARAMS:-null}" <<'PY' || { echo "callgrind.sh: no answer" >&2; exit 1; }
import json, socket, sys, time
for _ in range(600):
    s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
    s.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": sys.argv[2], "params": json.loads(sys.argv[3])})
               + "\n").encode())
    if "result" in json.loads(s.makefile().readline()):
        sys.exit(0)
    s.close(); time.sleep(0.1)
sys.exit(1)
PY
fi
"$LOADGEN" --socket "$TMP/s.sock" --conns "$C" --depth "$D" "${LOADARGS[@]}" --requests "$WARMUP" --max-seconds 300 \
    >/dev/null
callgrind_control -z "$VPID" >/dev/null 2>&1
"$LOADGEN" --socket "$TMP/s.sock" --conns "$C" --depth "$D" "${LOADARGS[@]}" --requests "$N" --max-seconds 600 \
    >"$TMP/loadgen.json"
callgrind_control -d measured "$VPID" >/dev/null 2>&1  # (a hint starting with a digit would be read as a pid)
sleep 1
kill -TERM "$VPID"; wait "$VPID" 2>/dev/null || true; VPID=""
# shellcheck disable=SC2012 # the names are made above
PROFILE=$(ls -t "$OUT"/callgrind."$LABEL".*.1 | head -1)
TOTAL=$(callgrind_annotate "$PROFILE" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }')
ERRORS=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["errors"])' "$TMP/loadgen.json")
echo "$METHOD $C x $D: $N requests, $TOTAL instructions, $((TOTAL / N)) per request, errors $ERRORS; profile $PROFILE"
