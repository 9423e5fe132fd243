#!/usr/bin/env bash
# Bulk import of a photo corpus into the BlobStore against `cp` + `sha256sum` of the same files (and, as a
# stronger anchor, `cp` + `openssl dgst -sha256`), with and without a final `sync`.
# Usage: Benchmarks/media/run.sh [CORPUS] [ROUNDS]   (default /tmp/pet-diary/corpus/photos, 3 rounds)
# The blob store side is a gated test (BlobThroughputBenchmark) in the debug build: hashing is libcrypto's
# assembly and the loop moves 1 MiB per call, so a release build changes little. The page cache is
# warmed before every contender (staging drops the sources from the cache with POSIX_FADV_DONTNEED).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PATH:/opt/swift/usr/bin"
CORPUS="${1:-/tmp/pet-diary/corpus/photos}"
ROUNDS="${2:-3}"
OUT="${TMPDIR:-/tmp}/media-bench-$$"
mkdir -p "$OUT"
trap 'rm -rf "$OUT"' EXIT
BYTES=$(du -sb "$CORPUS" | cut -f1)
FILES=$(find "$CORPUS" -type f | wc -l)
rate() { python3 -c "import sys; s=float(sys.argv[1]); print(f'{s:.2f} s = {int(sys.argv[2])/s/1e6:.0f} MB/s')" "$1" "$BYTES"; }
now() { date +%s.%N; }
warm() { find "$CORPUS" -type f -print0 | xargs -0 cat >/dev/null; sync; }
# copy_then_hash HASHER...: cp the corpus, hash the copies; prints "copy+hash|with sync" seconds.
copy_then_hash() {
    rm -rf "$OUT/cp"; warm
    local t0 t1 t2
    t0=$(now); cp -r "$CORPUS" "$OUT/cp"; find "$OUT/cp" -type f -print0 | xargs -0 "$@" >/dev/null; t1=$(now)
    sync; t2=$(now)
    echo "$(rate "$(echo "$t1 - $t0" | bc)"); with sync $(rate "$(echo "$t2 - $t0" | bc)")"
    rm -rf "$OUT/cp"
}

nice -n 5 swift build --build-tests >/dev/null 2>&1
echo "corpus $CORPUS: $FILES files, $BYTES bytes; $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$ROUNDS"); do
    echo "round $round cp + sha256sum:        $(copy_then_hash sha256sum)"
    echo "round $round cp + openssl sha256:   $(copy_then_hash openssl dgst -sha256)"
    warm
    PETDIARY_BENCH_CORPUS="$CORPUS" PETDIARY_BENCH_OUT="$OUT" \
        swift test --skip-build --filter BlobThroughputBenchmark 2>&1 | grep '^BENCH' | sed "s/^BENCH/round $round/"
done | tee "$OUT.log"
# The suite's result (Benchmarks/results/media.json): the store's stage + publish MB/s against cp + sha256sum,
# medians over the rounds (the last parallelism the test prints).
python3 - "$OUT.log" "$PWD/Benchmarks" "$CORPUS" "$ROUNDS" <<'PY'
import re, statistics, sys
sys.path.insert(0, sys.argv[2])
import result
anchor, store = {}, {}
for line in open(sys.argv[1]):
    r = int(line.split()[1])
    if "cp + sha256sum:" in line:
        anchor[r] = float(re.search(r"= ([0-9.]+) MB/s", line)[1])
    elif "stage+publish" in line:
        store[r] = float(re.search(r"stage\+publish[^:]*: [0-9.]+ s, ([0-9.]+) MB/s", line)[1])
result.write("media", statistics.median(store.values()), "MB/s", "blob store stage + publish (fdatasync, rename)",
             statistics.median(anchor.values()), "cp + sha256sum of the same files (not synced)",
             command="Benchmarks/media/run.sh %s %s" % (sys.argv[3], sys.argv[4]))
PY
rm -f "$OUT.log"
