#!/usr/bin/env bash
# Bulk photo import against `cp` + `sha256sum` of the same files, in one run:
#   the corpus of ../shared/bench/archive/make-corpus.sh (about 300 JPEGs of 1-4 MB, ~700 MB), page cache
#   warmed first; the anchor copies the tree and hashes every copy (then `sync`, reported apart);
#   the toolkit (release) imports it with `toolkit photos import DIR --recursive` into a fresh data
#   directory: each file hashed while copied, fsynced, renamed, and committed in batches.
# Reports MB/s, the ratio (goal >= 80 %) and the core's peak RSS (VmHWM; goal <= 100 MiB), and writes the suite's
# result (Benchmarks/results/photos.json).
#
#   Benchmarks/photos/run.sh [--corpus DIR] [--reps N]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CORPUS=/tmp/pet-diary/corpus/photos REPS=3
ARGV=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --corpus) CORPUS=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ -d "$CORPUS" ] || { echo "run.sh: no corpus at $CORPUS; run ../shared/bench/archive/make-corpus.sh" >&2; exit 1; }
OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
TMP=$(mktemp -d /tmp/toolkit-photos-bench.XXXXXX)
CORE=
trap '[ -n "$CORE" ] && kill $CORE 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT

echo "== building toolkit (release)" >&2
make -s -C "$ROOT" release >&2
BIN=$ROOT/.build/release/toolkit
BYTES=$(du -sb "$CORPUS" | cut -f1)
FILES=$(find "$CORPUS" -type f | wc -l)
cat "$(find "$CORPUS" -type f | head -1)" >/dev/null
find "$CORPUS" -type f -exec cat {} + >/dev/null   # warm the page cache

now() { date +%s.%N; }
results=$OUT/photos-import.jsonl
: >"$results"
for _ in $(seq "$REPS"); do
    rm -rf "$TMP/cp"; sync
    t0=$(now); cp -r "$CORPUS" "$TMP/cp"; find "$TMP/cp" -type f -print0 | xargs -0 sha256sum >/dev/null; t1=$(now); sync; t2=$(now)
    rm -rf "$TMP/cp"; sync

    rm -rf "$TMP/data"; SOCK=$TMP/s.sock
    "$BIN" serve --socket "$SOCK" --data-dir "$TMP/data" --log-level error & CORE=$!
    for _ in $(seq 200); do [ -S "$SOCK" ] && break; sleep 0.02; done
    ALBUM=$("$BIN" albums add bench --socket "$SOCK")
    sync
    t3=$(now); "$BIN" photos import "$CORPUS" --recursive --album "$ALBUM" --quiet --socket "$SOCK" >/dev/null; t4=$(now)
    HWM=$(awk '/VmHWM/ {print $2}' /proc/$CORE/status)
    kill $CORE; wait $CORE 2>/dev/null || true; CORE=
    python3 - "$BYTES" "$FILES" "$t0" "$t1" "$t2" "$t3" "$t4" "$HWM" >>"$results" <<'PY'
import json, sys
b, n, t0, t1, t2, t3, t4, hwm = int(sys.argv[1]), int(sys.argv[2]), *map(float, sys.argv[3:8]), int(sys.argv[8])
print(json.dumps({"bytes": b, "files": n, "cpSha": t1 - t0, "cpShaSync": t2 - t0, "toolkit": t4 - t3, "peakRssKiB": hwm}))
PY
done
python3 - "$results" "$ROOT/Benchmarks" "${ARGV[@]}" <<'PY'
import json, statistics, sys
sys.path.insert(0, sys.argv[2])
import result
rows = [json.loads(l) for l in open(sys.argv[1])]
mb = rows[0]["bytes"] / 1e6
med = lambda k: statistics.median(r[k] for r in rows)
print("corpus: %d files, %.0f MB; medians of %d runs" % (rows[0]["files"], mb, len(rows)))
print("cp + sha256sum          %6.2f s  %6.1f MB/s" % (med("cpSha"), mb / med("cpSha")))
print("cp + sha256sum + sync   %6.2f s  %6.1f MB/s" % (med("cpShaSync"), mb / med("cpShaSync")))
print("toolkit photos import   %6.2f s  %6.1f MB/s  = %3.0f %% of cp+sha256sum, %3.0f %% with sync" % (
    med("toolkit"), mb / med("toolkit"), 100 * med("cpSha") / med("toolkit"), 100 * med("cpShaSync") / med("toolkit")))
print("core peak RSS (VmHWM)   %6.1f MiB (max %.1f)" % (med("peakRssKiB") / 1024, max(r["peakRssKiB"] for r in rows) / 1024))
result.write("photos", mb / med("toolkit"), "MB/s", "toolkit photos import of %d photos (%.0f MB), median" % (
    rows[0]["files"], mb), mb / med("cpSha"), "cp -r + sha256sum of the same files, median", goal="ratio >= 0.8",
    command=" ".join(["Benchmarks/photos/run.sh"] + sys.argv[3:]),
    extra={"anchor_synced_MBps": round(mb / med("cpShaSync"), 1), "peak_rss_mib": round(med("peakRssKiB") / 1024, 1)})
PY
