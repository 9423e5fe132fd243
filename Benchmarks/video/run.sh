#!/usr/bin/env bash
# Video through the core against the same work without it, in one run, on a 60 s 1080p H.264 clip and 20
# phone clips (make-corpus.sh makes them once with ffmpeg):
#   import     toolkit photos import of the 20 phone clips into a fresh diary, against cp -r + sha256sum of
#              the same files (goal: at least as fast; posters are made later, not in the import's path)
#   poster     photos.thumbnail of a video at a size not asked before (so ffmpeg runs), as a client over the
#              socket sees it, against the same ffmpeg command run alone, alternated (goal <= 1.2 x)
#   transcode  the 60 s clip's browser-playable copy under videoTranscode "always": from the import's answer to
#              photos.rendition {wait} answering, against the same ffmpeg command alone (goal <= 1.1 x)
#   ping p99   system.ping p99 (loadgen, 1 connection, depth 1, 10 s) while one more copy is made (apart from the
#              timed ones: pinging flat out takes a processor from ffmpeg), against idle (goal <= 2 x)
#
#   Benchmarks/video/run.sh [--corpus DIR] [--reps N]      (TOOLKIT_BIN=PATH: that binary, not make release's)
#
# Writes Benchmarks/results/raw/video.jsonl and the suite's result (Benchmarks/results/video.json).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
CORPUS=/tmp/toolkit-video-corpus REPS=3
ARGV=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --corpus) CORPUS=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
TMP=$(mktemp -d /tmp/toolkit-video-bench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
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
echo "== clips in $CORPUS" >&2
"$ROOT/Benchmarks/video/make-corpus.sh" "$CORPUS"
COMMAND="${TOOLKIT_BIN:+TOOLKIT_BIN=$TOOLKIT_BIN }Benchmarks/video/run.sh ${ARGV[*]}"
python3 "$ROOT/Benchmarks/video/bench.py" --bin "$BIN" --corpus "$CORPUS" --loadgen "$LOADGEN" --out "$OUT" \
    --reps "$REPS" --command "${COMMAND% }"
