#!/usr/bin/env bash
# Diary speed on a big diary: 100,000 entries (mixed Korean and English, 100-500 characters) are written
# into a fresh `toolkit serve` (release) over its socket, then ../shared/bench/loadgen measures, one
# connection at depth 1, each for SECS seconds:
#   system.ping (the yardstick), diary.list (a page of 20), and diary.search for several queries:
#   a two-syllable Korean word (산책, below the trigram length: the scan path), longer Korean and English
#   phrases (the trigram index), a tag-like word and a rare word.
#
#   Benchmarks/diary/run.sh [--entries N] [--secs S] [--data DIR]
#
# --data DIR keeps the data directory there and, when it already holds a diary, skips the writing.
# TOOLKIT_BIN=PATH measures that binary instead of building one (`make release`), to compare two builds on
# one kept --data DIR (their schemas must match; the result's command then names the binary).
# Writes Benchmarks/results/raw/diary-*.jsonl, prints p50/p99 per method with list/ping as a ratio, and writes
# the suite's result (Benchmarks/results/diary.json: diary.list's p50 against system.ping's).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
ENTRIES=100000 SECS=3 DATA=
ARGV=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --entries) ENTRIES=$2; shift 2 ;;
        --secs) SECS=$2; shift 2 ;;
        --data) DATA=$2; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
TMP=$(mktemp -d /tmp/toolkit-diary-bench.XXXXXX)
CORE=
trap '[ -n "$CORE" ] && kill $CORE 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT
LOADGEN=$BENCH/loadgen/loadgen
if [ ! -x "$LOADGEN" ]; then  # the shared folder may be read-only: build a private copy
    cp -r "$BENCH/loadgen" "$BENCH/common" "$TMP/" && chmod -R u+w "$TMP/loadgen"
    make -s -C "$TMP/loadgen" >&2 && LOADGEN=$TMP/loadgen/loadgen
fi

if [ -n "${TOOLKIT_BIN:-}" ]; then
    BIN=$TOOLKIT_BIN
else
    echo "== building toolkit (release)" >&2
    make -s -C "$ROOT" release >&2
    BIN=$ROOT/.build/release/toolkit
fi
SOCK=$TMP/toolkit.sock
DATA=${DATA:-$TMP/data}
SEEDED=$([ -f "$DATA/toolkit.sqlite" ] && echo yes || echo no)
"$BIN" serve --socket "$SOCK" --data-dir "$DATA" --log-level error &
CORE=$!
for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.05; done

if [ "$SEEDED" = no ]; then
    echo "== writing $ENTRIES entries" >&2
    python3 "$ROOT/Benchmarks/diary/seed.py" "$SOCK" "$ENTRIES" | tee "$OUT/diary-seed.json" >&2
fi
echo "database: $(du -sh "$DATA" | cut -f1)" >&2

RESULTS=$OUT/diary-toolkit.jsonl
: >"$RESULTS"
measure() { # name method params
    local line
    line=$("$LOADGEN" --socket "$SOCK" --conns 1 --depth 1 --duration "$SECS" --warmup 0.5 --method "$2" --params "$3")
    echo "{\"name\":\"$1\",\"params\":$3,\"result\":$line}" >>"$RESULTS"
}
measure ping system.ping '{}'
measure list diary.list '{"limit":20}'
measure list-tag diary.list '{"limit":20,"tag":"산책"}'
measure search-ko-2 diary.search '{"query":"산책"}'
measure search-ko-phrase diary.search '{"query":"공원에서 산책"}'
measure search-ko-long diary.search '{"query":"간식을 먹었다"}'
measure search-en diary.search '{"query":"river"}'
measure search-en-2 diary.search '{"query":"sun nap"}'
measure search-rare diary.search '{"query":"zebra"}'
measure search-page2 diary.search '{"query":"바닷가","limit":20}'

COMMAND=${TOOLKIT_BIN:+TOOLKIT_BIN=$TOOLKIT_BIN }Benchmarks/diary/run.sh
python3 - "$RESULTS" "$ROOT/Benchmarks" "$ENTRIES" "$COMMAND" "${ARGV[@]}" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[2])
import result
rows = [json.loads(line) for line in open(sys.argv[1])]
ping = next(r for r in rows if r["name"] == "ping")["result"]["p50_us"]
print("%-18s %-36s %9s %9s %9s %7s" % ("point", "params", "rps", "p50 ms", "p99 ms", "x ping"))
for r in rows:
    res = r["result"]
    print("%-18s %-36s %9.0f %9.3f %9.3f %7.2f" % (
        r["name"], json.dumps(r["params"], ensure_ascii=False)[:36], res["rps"], res["p50_us"] / 1000,
        res["p99_us"] / 1000, res["p50_us"] / ping))
    if res["errors"]:
        print("  errors:", res["errors"])
by = {r["name"]: r["result"] for r in rows}
result.write("diary", by["list"]["p50_us"], "µs", "diary.list (a page of 20) p50 on %s entries" % sys.argv[3],
             by["ping"]["p50_us"], "system.ping p50 on the same core", command=" ".join(sys.argv[4:]),
             extra={n: {"p50_us": r["p50_us"], "p99_us": r["p99_us"], "errors": r["errors"]} for n, r in by.items()})
PY
