#!/usr/bin/env bash
# Makes the video benchmark's clips with ffmpeg (kept; made again only when missing):
#   long.mp4         60 s of 1920x1080 at 30 fps, H.264 (veryfast, CRF 23) with AAC sound: a long clip of a camera
#   phone/NN.mov     20 phone clips: 8 s of 1920x1080 at 30 fps, H.264 with AAC, recorded turned (a quarter-turn
#                    rotation in the track matrix, as a phone held upright writes), each of other content
#
#   Benchmarks/video/make-corpus.sh [DIR]     (default /tmp/toolkit-video-corpus)
set -euo pipefail
DIR=${1:-/tmp/toolkit-video-corpus}
mkdir -p "$DIR/phone"
ff() { nice -n 10 ffmpeg -nostdin -v error -y "$@"; }
if [ ! -s "$DIR/long.mp4" ]; then
    ff -f lavfi -i testsrc2=size=1920x1080:rate=30 -f lavfi -i sine=frequency=330 -t 60 \
        -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -c:a aac -b:a 128k -movflags +faststart "$DIR/long.tmp.mp4"
    mv "$DIR/long.tmp.mp4" "$DIR/long.mp4"
fi
for n in $(seq -w 1 20); do
    [ -s "$DIR/phone/$n.mov" ] && continue
    ff -f lavfi -i "testsrc2=size=1920x1080:rate=30,hue=h=$((10#$n * 17))" -f lavfi -i "sine=frequency=$((200 + 10#$n * 20))" \
        -t 8 -c:v libx264 -preset veryfast -crf 23 -pix_fmt yuv420p -c:a aac -b:a 128k "$DIR/phone/$n.flat.mov"
    ff -i "$DIR/phone/$n.flat.mov" -c copy -metadata:s:v:0 rotate=270 "$DIR/phone/$n.tmp.mov"
    rm "$DIR/phone/$n.flat.mov"
    mv "$DIR/phone/$n.tmp.mov" "$DIR/phone/$n.mov"
done
du -sh "$DIR/long.mp4" "$DIR/phone" >&2
