#!/usr/bin/env bash
# without-fsync.sh — how much of export's and restore's time is making the result durable: each timed as it
# is, and with fsync/fdatasync/sync_file_range turned into no-ops by `eatmydata` (a diagnostic only: the
# toolkit always syncs), beside GNU tar + zstd with and without `sync` of its output, in one hyperfine run.
#
# usage: Benchmarks/export/without-fsync.sh BIN [SEED]
#        BIN a release `toolkit`; SEED a diary imported by run.sh (default /tmp/pet-diary/toolkit-export/seed-1x,
#        served from a hard-linked copy, never changed). Needs hyperfine, zstd and eatmydata.
set -euo pipefail
BIN=$(realpath "$1") SEED=${2:-/tmp/pet-diary/toolkit-export/seed-1x}
for t in hyperfine zstd eatmydata; do command -v $t >/dev/null || { echo "without-fsync.sh: needs $t" >&2; exit 1; }; done
T=$(mktemp -d /tmp/toolkit-without-fsync.XXXXXX)
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$T"' EXIT
for v in synced unsynced; do
    cp -al "$SEED" "$T/data-$v"
    find "$T/data-$v" -type f -not -path '*/blobs/*' | while read -r f; do
        cp --remove-destination "$SEED/${f#"$T/data-$v/"}" "$f"
    done
done
"$BIN" serve --no-plugins --data-dir "$T/data-synced" --socket "$T/synced.sock" --log-level error & PIDS+=($!)
eatmydata "$BIN" serve --no-plugins --data-dir "$T/data-unsynced" --socket "$T/unsynced.sock" --log-level error &
PIDS+=($!)
for s in synced unsynced; do
    for _ in $(seq 500); do "$BIN" call system.ping --socket "$T/$s.sock" >/dev/null 2>&1 && break; sleep 0.02; done
done
# the very files of our bundle, for the anchor; and a full archive, for the restores
"$BIN" export --socket "$T/synced.sock" -o "$T/bundle.tar.zst" --quiet >/dev/null 2>&1
mkdir "$T/same" && zstd -q -dc "$T/bundle.tar.zst" | tar -xf - -C "$T/same" && rm "$T/bundle.tar.zst"
ARCHIVE=$("$BIN" call archive.create to="$T/archives" --socket "$T/synced.sock" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["path"])')
HF=(hyperfine --runs 3 --warmup 1 --style basic)
cd "$T/same"
"${HF[@]}" --prepare "rm -f '$T'/out*.tar.zst; sync" \
    -n export "'$BIN' export --socket '$T/synced.sock' -o '$T/out1.tar.zst' --quiet" \
    -n export-eatmydata "'$BIN' export --socket '$T/unsynced.sock' -o '$T/out2.tar.zst' --quiet" \
    -n tar-zstd "tar -cf - . | zstd -q -3 -T0 > '$T/out3.tar.zst'" \
    -n tar-zstd-sync "tar -cf - . | zstd -q -3 -T0 > '$T/out3.tar.zst' && sync -f '$T/out3.tar.zst'"
"${HF[@]}" --prepare "rm -rf '$T/restored' '$T/x'; mkdir '$T/x'; sync" \
    -n restore "'$BIN' archive restore '$ARCHIVE' --into '$T/restored' --socket '$T/none.sock'" \
    -n restore-eatmydata "eatmydata '$BIN' archive restore '$ARCHIVE' --into '$T/restored' --socket '$T/none.sock'" \
    -n zstd-tar-x "zstd -q -d -c '$ARCHIVE' | tar -xf - -C '$T/x'" \
    -n zstd-tar-x-sync "zstd -q -d -c '$ARCHIVE' | tar -xf - -C '$T/x' && sync -f '$T/x'"
