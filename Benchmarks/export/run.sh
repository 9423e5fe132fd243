#!/usr/bin/env bash
# run.sh — `toolkit export`, `toolkit archive restore` (whole and a part) and incremental `archive.create`
# through the core, on the pet-diary corpus imported into a diary, against GNU tar + the zstd CLI in the same run.
#
# usage: Benchmarks/export/run.sh [ROOT]     (default /tmp/pet-diary; the corpus goes to ROOT/corpus)
# env:   RUNS=3 (timed runs per command, after 1 warmup), SKIP_ANCHOR=1 (reuse ROOT/anchor/summary.json),
#        RESEED=1 (import the diaries again even when their stamp matches), TOOLKIT_BIN=PATH (measure this
#        binary instead of building one), BENCH=DIR (the benchmark kit, default ../shared/bench)
#
# 1. builds the release binary (`make release`);
# 2. makes the corpus with ../shared/bench/archive/make-corpus.sh and runs ../shared/bench/archive/anchor.sh;
# 3. imports the corpus through a release core (seed.py: a pet, an album, the 300 photos by path, the 20 WAVs
#    as sounds, the 5,000 diary texts as entries on their days) into ROOT/toolkit-export/seed-1x, and into
#    seed-2x the same plus a second pet with copies of every photo and WAV whose bytes differ (so twice the
#    files); both are kept between runs while their stamp (corpus manifest + seed.py) matches;
# 4. serves hard-linked work copies of both (blobs shared, the database copied) on their own sockets;
# 5. times `toolkit export -o FILE` with hyperfine (warm page cache; the output removed and synced before each
#    run, outside the timing; ours includes its fsync and the read-back SHA-256, the anchors have neither),
#    beside `tar -cf - | zstd -3 -T0` over the very files of our bundle (unpacked once: same bytes, same
#    order of magnitude of members), the same followed by `sync` of its output (ours is on disk when it
#    returns), and anchor.sh's numbers on the corpus itself;
# 6. the core's peak RSS (VmHWM, reset with `echo 5 > /proc/PID/clear_refs` just before) during one export of
#    each diary, and smaps_rollup of the 1x core at the end of it;
# 7. `toolkit call archive.create` (full), `toolkit archive restore FULL --into DIR` with hyperfine against
#    `zstd -d | tar -x` of the same-files anchor archive, then 10 new photos and `archive.create` again
#    (incremental), on both diaries; then a part restore into the running 1x diary with hyperfine: `toolkit
#    archive restore FULL --pet 콩이 --from 2021-01-01 --to 2021-12-31 --on-conflict replace` (a pet's year: the
#    whole chain replayed and checked, the part picked and its records written over ours, the same each run);
# 8. prints Markdown tables and writes the suite's result (Benchmarks/results/export.json: export MB/s against
#    the same files' tar | zstd -3 -T0, goal >= 90 %). MB/s are 10^6 bytes of each side's own uncompressed tar
#    stream per second (ours: `zstd -dc OUR.tar.zst | wc -c`), in both directions, as anchor.sh defines them.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SHARED=${BENCH:-$REPO/../shared/bench}/archive
ROOT=${1:-/tmp/pet-diary}
RUNS=${RUNS:-3}
W=$ROOT/toolkit-export
for t in hyperfine zstd tar python3; do
    command -v "$t" >/dev/null || { echo "run.sh: missing $t (apt-get install hyperfine zstd tar python3)" >&2; exit 1; }
done

if [ -n "${TOOLKIT_BIN:-}" ]; then
    BIN=$TOOLKIT_BIN
else
    echo "== build"
    make -s -C "$REPO" release
    BIN=$REPO/.build/release/toolkit
fi

echo "== corpus"
bash "$SHARED/make-corpus.sh" "$ROOT"
if [ -z "${SKIP_ANCHOR:-}" ] || [ ! -f "$ROOT/anchor/summary.json" ]; then
    echo "== anchors"
    RUNS=$RUNS bash "$SHARED/anchor.sh" "$ROOT"
fi
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)

CORES=()
stop_cores() { for pid in "${CORES[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; CORES=(); }
trap stop_cores EXIT
# serve DATA SOCKET: starts a release core and waits for its socket; the pid goes to $CORE
serve() {
    rm -f "$2"
    "$BIN" serve --no-plugins --data-dir "$1" --socket "$2" --log-level error &
    CORE=$!
    CORES+=("$CORE")
    for _ in $(seq 500); do [ -S "$2" ] && "$BIN" call system.ping --socket "$2" >/dev/null 2>&1 && return; sleep 0.02; done
    echo "run.sh: the core on $1 did not start" >&2; exit 1
}

mkdir -p "$W"
STAMP="v1 $(sha256sum "$ROOT/manifest.sha256" "$HERE/seed.py" | cut -c1-16 | tr '\n' ' ')"
for copies in 1x 2x; do
    SEED=$W/seed-$copies
    if [ -z "${RESEED:-}" ] && [ "$(cat "$SEED.stamp" 2>/dev/null)" = "$STAMP" ]; then continue; fi
    echo "== importing the corpus into $SEED"
    rm -rf "$SEED" "$SEED.stamp"
    serve "$SEED" "$W/seed.sock"
    python3 "$HERE/seed.py" "$W/seed.sock" "$ROOT/corpus" 콩이
    [ "$copies" = 2x ] && python3 "$HERE/seed.py" "$W/seed.sock" "$ROOT/corpus" 보리 --variant b
    stop_cores
    echo "$STAMP" >"$SEED.stamp"
done

# ten photos the diaries do not hold yet, for the incremental archive
if [ ! -f "$W/new10/.complete" ]; then
    rm -rf "$W/new10" && mkdir -p "$W/new10"
    find "$ROOT/corpus/photos" -name '*.jpg' | sort | head -10 | while read -r f; do
        n=$(basename "$f")
        python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); c = b"new " + sys.argv[2].encode()
open(sys.argv[3], "wb").write(d[:2] + b"\xff\xfe" + (len(c) + 2).to_bytes(2, "big") + c + d[2:])' "$f" "$n" "$W/new10/$n"
    done
    touch "$W/new10/.complete"
fi

echo "== work copies"
rm -rf "$W/work-1x" "$W/work-2x" "$W/out" "$W/same" "$W/restored" "$W/arch-1x" "$W/arch-2x"
mkdir -p "$W/out" "$W/same" "$W/arch-1x" "$W/arch-2x"
for copies in 1x 2x; do
    cp -al "$W/seed-$copies" "$W/work-$copies"
    # blobs are immutable (written under a temp name, then renamed) and can be shared; nothing else is
    find "$W/work-$copies" -type f -not -path '*/blobs/*' | while read -r f; do cp --remove-destination "$W/seed-$copies/${f#"$W/work-$copies/"}" "$f"; done
done
serve "$W/work-1x" "$W/1x.sock"; CORE1=$CORE
serve "$W/work-2x" "$W/2x.sock"; CORE2=$CORE
rss() { awk -v k="$2:" '$1 == k {print $2}' "/proc/$1/status"; }
find "$W/work-1x" "$W/work-2x" -type f -exec cat {} + >/dev/null   # warm the page cache

echo "== export"
HF=(hyperfine --runs "$RUNS" --warmup 1 --style basic --time-unit second)
EXPORT=$W/out/export.tar.zst
IDLE1=$(rss "$CORE1" VmRSS)
"${HF[@]}" --export-json "$W/export.json" --prepare "rm -f '$EXPORT'; sync" \
    -n toolkit-export "'$BIN' export --socket '$W/1x.sock' -o '$EXPORT' --quiet"
# the same files as our bundle, for the like-with-like anchor
tar --zstd -xf "$EXPORT" -C "$W/same"
# ... and the same with the data on disk at the end, as ours is (`sync FILE` is fsync; `sync -f` syncfs)
"${HF[@]}" --export-json "$W/same.json" --prepare "rm -f '$W/out/same.tar.zst'; sync" \
    -n same-files-pipe-c "tar -cf - -C '$W/same' . | zstd -q -3 -T0 > '$W/out/same.tar.zst'" \
    -n same-files-pipe-c-sync "tar -cf - -C '$W/same' . | zstd -q -3 -T0 > '$W/out/same.tar.zst' && sync '$W/out/same.tar.zst'"
"${HF[@]}" --export-json "$W/same-x.json" --prepare "rm -rf '$W/restored' && mkdir '$W/restored' && sync" \
    -n same-files-pipe-x "zstd -q -d -c '$W/out/same.tar.zst' | tar -xf - -C '$W/restored'" \
    -n same-files-pipe-x-sync "zstd -q -d -c '$W/out/same.tar.zst' | tar -xf - -C '$W/restored' && sync -f '$W/restored'"

echo "== peak RSS of the core during export"
measure_export() { # CORE SOCKET OUT → "idle peak seconds" in KiB
    local idle t0 t1
    idle=$(rss "$1" VmRSS)
    echo 5 >"/proc/$1/clear_refs"
    rm -f "$3"; sync
    t0=$(date +%s.%N)
    "$BIN" export --socket "$2" -o "$3" --quiet >/dev/null
    t1=$(date +%s.%N)
    echo "$idle $(rss "$1" VmHWM) $(python3 -c "print(round($t1 - $t0, 3))")"
}
measure_export "$CORE1" "$W/1x.sock" "$EXPORT" >"$W/rss-1x"
cp "/proc/$CORE1/smaps_rollup" "$W/smaps-1x"
measure_export "$CORE2" "$W/2x.sock" "$W/out/export-2x.tar.zst" >"$W/rss-2x"
OUR_TAR=$(zstd -dc "$EXPORT" | wc -c)
OUR_ZST=$(stat -c %s "$EXPORT")
OUR2_TAR=$(zstd -dc "$W/out/export-2x.tar.zst" | wc -c)
OUR2_ZST=$(stat -c %s "$W/out/export-2x.tar.zst")
SAME_TAR=$(tar -cf - -C "$W/same" . | wc -c)
SAME_ZST=$(stat -c %s "$W/out/same.tar.zst")
rm -f "$W/out/export-2x.tar.zst"

echo "== archives: full, restore, incremental after 10 new photos"
archive() { # SOCKET DIR LABEL: one archive.create, timed; appends "label seconds size kind" to $W/archives
    local t0 t1 result
    sync
    t0=$(date +%s.%N)
    result=$("$BIN" call archive.create to="$2" --socket "$1")
    t1=$(date +%s.%N)
    python3 -c 'import json, sys; r = json.loads(sys.argv[1])
print(sys.argv[2], round(float(sys.argv[4]) - float(sys.argv[3]), 3), r["size"], r["kind"], r["path"])' \
        "$result" "$3" "$t0" "$t1" >>"$W/archives"
}
: >"$W/archives"
for copies in 1x 2x; do
    pid=$CORE1; [ $copies = 2x ] && pid=$CORE2
    echo 5 >"/proc/$pid/clear_refs"
    archive "$W/$copies.sock" "$W/arch-$copies" "full-$copies"
    echo "archive-full-$copies $(rss "$pid" VmHWM)" >>"$W/rss-archive"
done
FULL=$(awk '$1 == "full-1x" {print $5}' "$W/archives")
FULL_TAR=$(zstd -dc "$FULL" | wc -c)
"${HF[@]}" --export-json "$W/restore.json" --prepare "rm -rf '$W/restored'; sync" \
    -n toolkit-restore "'$BIN' archive restore '$FULL' --into '$W/restored' --socket '$W/1x.sock'"
for copies in 1x 2x; do
    album=$("$BIN" call albums.create title=new --socket "$W/$copies.sock" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
    "$BIN" call photos.importMany albumId="$album" directory="$W/new10" --socket "$W/$copies.sock" >/dev/null
    archive "$W/$copies.sock" "$W/arch-$copies" "incremental-$copies"
done
PART=(--pet 콩이 --from 2021-01-01 --to 2021-12-31 --on-conflict replace)
"$BIN" archive restore "$FULL" "${PART[@]}" --socket "$W/1x.sock" --json >"$W/part-restore-counts.json"
"${HF[@]}" --export-json "$W/part-restore.json" --prepare sync \
    -n toolkit-part-restore "'$BIN' archive restore '$FULL' ${PART[*]} --socket '$W/1x.sock'"
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)
stop_cores

python3 "$HERE/report.py" "$ROOT/anchor/summary.json" "$W" "$OUR_TAR" "$OUR_ZST" "$OUR2_TAR" "$OUR2_ZST" \
    "$SAME_TAR" "$SAME_ZST" "$FULL_TAR" "$IDLE1" "$LOAD_START" "$LOAD_END"
rm -rf "$W/work-1x" "$W/work-2x" "$W/out" "$W/same" "$W/restored" "$W/arch-1x" "$W/arch-2x"
echo "summary: $W/summary.json"
