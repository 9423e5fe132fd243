#!/usr/bin/env bash
# Release-build smoke test: the optimised `toolkit` imports a directory of 100 photos and reports every
# one. The Swift tests run debug builds; Swift 6.3.1 once miscompiled the bulk importer in release only
# (results lost), which only a release binary shows.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SWIFT=${SWIFT:-swift}
make -s -C "$ROOT" SWIFT="$SWIFT" release >/dev/null
BIN=$ROOT/.build/release/toolkit
TMP=$(mktemp -d /tmp/toolkit-smoke.XXXXXX)
CORE=
trap '[ -n "$CORE" ] && kill $CORE 2>/dev/null; rm -rf "$TMP"' EXIT

mkdir "$TMP/photos"
for i in $(seq 100); do
    cp "$ROOT/Tests/MediaTests/Fixtures/landscape-64x32.jpg" "$TMP/photos/IMG_$i.jpg"
    printf 'distinct bytes %d' "$i" >>"$TMP/photos/IMG_$i.jpg"
done
"$BIN" serve --socket "$TMP/s.sock" --data-dir "$TMP/data" --log-level error &
CORE=$!
for _ in $(seq 200); do [ -S "$TMP/s.sock" ] && break; sleep 0.05; done
ALBUM=$("$BIN" albums add smoke --socket "$TMP/s.sock")
IDS=$("$BIN" photos import "$TMP/photos" --album "$ALBUM" --quiet --socket "$TMP/s.sock" 2>"$TMP/summary")
OUT=$(cat "$TMP/summary")
COUNT=$("$BIN" call albums.get id="$ALBUM" --socket "$TMP/s.sock" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["photoCount"])')
LINES=$(printf '%s\n' "$IDS" | grep -c .)
if [ "$OUT" != "toolkit: imported 100, already there 0, skipped 0" ] || [ "$COUNT" != 100 ] || [ "$LINES" != 100 ]; then
    echo "release smoke: expected 100 photos imported, got: $OUT ($LINES ids printed; album holds $COUNT)" >&2
    exit 1
fi
echo "release smoke: 100 photos imported by the release build"
