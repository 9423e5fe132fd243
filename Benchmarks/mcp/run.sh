#!/usr/bin/env bash
# `toolkit mcp` against the core it bridges, in one run (release build):
#   a. a tool call's round trip through the bridge (system_ping and pets_get), p50 and p99 over --calls calls
#      each, from a client writing and reading plain JSON lines on the bridge's stdin and stdout (initialized
#      first), against the same call over the core's socket plus one pipe round trip through cat (a line of the
#      same size), alternated round by round (goal: the bridge <= 2 x (socket + pipe), p50 and p99);
#   b. the tool list of 64 methods: ToolCatalogue(discovery:) on the core's rpc.discover answer made up to 64
#      methods, in process (bench-mcp-catalogue, CatalogueTiming/), against reading the same document as a
#      JSONValue (goal < 50 ms, first build and p50);
#   c. the bridge's idle RSS (VmRSS, 2 s after initialize and tools/list), against the idle core's (goal < 20 MiB).
#
#   Benchmarks/mcp/run.sh [--calls N] [--rounds R]    (TOOLKIT_BIN=PATH: that binary, not make release's)
#
# Writes Benchmarks/results/raw/mcp.json (and the bridge's log, mcp-bridge.log), prints the table and writes the
# suite's result (Benchmarks/results/mcp.json: pets_get's p50 through the bridge against socket + pipe).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CALLS=4000 ROUNDS=8
ARGV=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --calls) CALLS=$2; shift 2 ;;
        --rounds) ROUNDS=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
if [ -n "${TOOLKIT_BIN:-}" ]; then
    BIN=$TOOLKIT_BIN
else
    echo "== building toolkit (release)" >&2
    make -s -C "$ROOT" release >&2
    BIN=$ROOT/.build/release/toolkit
fi
# The in-process timing, declared in Package.swift only under TOOLKIT_BENCH, built with make release's flags.
echo "== building bench-mcp-catalogue (release)" >&2
(cd "$ROOT" && TOOLKIT_BENCH=1 ${SWIFT:-swift} build -c release --product bench-mcp-catalogue \
    --static-swift-stdlib >&2)
COMMAND="${TOOLKIT_BIN:+TOOLKIT_BIN=$TOOLKIT_BIN }Benchmarks/mcp/run.sh ${ARGV[*]}"
python3 "$ROOT/Benchmarks/mcp/bench.py" --bin "$BIN" --catalogue-bin "$ROOT/.build/release/bench-mcp-catalogue" \
    --out "$OUT" --calls "$CALLS" --rounds "$ROUNDS" --command "${COMMAND% }"
