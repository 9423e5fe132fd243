#!/usr/bin/env bash
# rss-repeat.sh — the core's RSS over repeated `toolkit export`s of one diary: idle, then for each export
# its peak (VmHWM, reset with clear_refs just before) and the RSS after it. Growth from one export to the
# next is memory the core keeps; a flat line is what we want.
#
# usage: Benchmarks/export/rss-repeat.sh BIN [N] [SEED]
#        BIN the toolkit binary; N exports (default 3); SEED a data directory imported by run.sh
#        (default /tmp/pet-diary/toolkit-export/seed-1x; served from a hard-linked copy, never changed)
set -euo pipefail
BIN=$1 N=${2:-3} SEED=${3:-/tmp/pet-diary/toolkit-export/seed-1x}
[ -d "$SEED" ] || { echo "rss-repeat.sh: no diary at $SEED (run Benchmarks/export/run.sh first)" >&2; exit 1; }
TMP=$(mktemp -d /tmp/toolkit-rss-repeat.XXXXXX)
CORE=
trap '[ -n "$CORE" ] && kill $CORE 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT
cp -al "$SEED" "$TMP/data"
find "$TMP/data" -type f -not -path '*/blobs/*' | while read -r f; do cp --remove-destination "$SEED/${f#"$TMP/data/"}" "$f"; done
"$BIN" serve --no-plugins --data-dir "$TMP/data" --socket "$TMP/s.sock" --log-level error & CORE=$!
for _ in $(seq 500); do "$BIN" call system.ping --socket "$TMP/s.sock" >/dev/null 2>&1 && break; sleep 0.02; done
mib() { awk -v k="$1:" '$1 == k {printf "%.1f", $2 / 1024}' "/proc/$CORE/status"; }
line="idle $(mib VmRSS) MiB"
for i in $(seq "$N"); do
    rm -f "$TMP/out.tar.zst"; sync
    echo 5 >"/proc/$CORE/clear_refs"
    "$BIN" export --socket "$TMP/s.sock" -o "$TMP/out.tar.zst" --quiet >/dev/null 2>"$TMP/err" \
        || { cat "$TMP/err" >&2; exit 1; }
    line="$line | export $i: peak $(mib VmHWM), after $(mib VmRSS)"
done
echo "$line"
