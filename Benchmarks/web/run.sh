#!/usr/bin/env bash
# The web app's media against nginx (Debian's) serving the same bytes, side by side in one run, driven by wrk:
#   thumbnails: GET /media/photos/ID/thumbnail?size=256 (a JPEG of about 6 KB; toolkit-web asks the core for its
#     file at most every 2 s and keeps small files' bytes) at 64 connections, against nginx serving that JPEG as a
#     file; goal >= 70 % of nginx's rps;
#   ranges: a 100 MB video read as 4 MiB ranges in turn (ranges.lua) at 4 connections, against nginx serving
#     the same file; goal >= 80 % of nginx's MB/s;
#   idle RSS of toolkit-web once it listens (goal <= 20 MiB), and after the load;
#   with --floor, also the smallest Hummingbird app (Benchmarks/web/floor: one route, fixed bytes, no middleware)
#     serving the same JPEG through its router, the most a request through Hummingbird's responder can do here;
#     toolkit-web answers a kept thumbnail on the connection instead (MediaFastPath), and can pass it (built the
#     first time, about 5 minutes).
# The runs alternate (toolkit-web, nginx, ...) and the median of each is kept. Writes the suite's result
# (Benchmarks/results/web.json).
#
#   Benchmarks/web/run.sh [--secs S] [--reps N] [--floor]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SECS=10 REPS=3 FLOOR=
ARGV=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --secs) SECS=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        --floor) FLOOR=1; shift ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
for tool in nginx wrk ffmpeg curl; do
    command -v $tool >/dev/null || { echo "run.sh: $tool is missing (make bench-deps installs it)" >&2; exit 1; }
done
OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
TMP=$(mktemp -d /tmp/toolkit-web-bench.XXXXXX)
CORE= WEB= NGINX= FLOOR_PID=
trap '[ -n "$WEB" ] && kill $WEB 2>/dev/null; [ -n "$CORE" ] && kill $CORE 2>/dev/null;
      [ -n "$FLOOR_PID" ] && kill $FLOOR_PID 2>/dev/null;
      [ -n "$NGINX" ] && nginx -p "$TMP/nginx" -c nginx.conf -s stop 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT

echo "== building (release)" >&2
make -s -C "$ROOT" release >&2
BIN=$ROOT/.build/release/toolkit
SOCK=$TMP/core.sock
"$BIN" serve --socket "$SOCK" --data-dir "$TMP/data" --log-level error & CORE=$!
for _ in $(seq 500); do [ -S "$SOCK" ] && break; sleep 0.02; done

echo "== a photo and a 100 MB video" >&2
# Noise gives the photo texture, so its thumbnail is not a few hundred bytes of flat colour (the size is printed).
ffmpeg -v error -f lavfi -i testsrc2=size=1600x1200 -vf noise=alls=40:allf=u -frames:v 1 -q:v 2 "$TMP/photo.jpg"
ffmpeg -v error -f lavfi -i testsrc2=size=1920x1080:rate=30 -t 20 -c:v libx264 -preset ultrafast -b:v 40M \
    -pix_fmt yuv420p "$TMP/video.mp4"
ALBUM=$("$BIN" albums add bench --socket "$SOCK")
PHOTO=$("$BIN" call photos.import path="$TMP/photo.jpg" albumId="$ALBUM" --socket "$SOCK" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
VIDEO=$("$BIN" call photos.import path="$TMP/video.mp4" albumId="$ALBUM" --socket "$SOCK" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')

PORT=18737 NGINX_PORT=18738
# toolkit web runs toolkit-web in its own place: $WEB is the web app's process.
XDG_CONFIG_HOME=$TMP/config "$BIN" web --socket "$SOCK" --data-dir "$TMP/data" --listen 127.0.0.1:$PORT \
    --log-level error >"$TMP/web.out" & WEB=$!
for _ in $(seq 500); do grep -q token "$TMP/web.out" 2>/dev/null && break; sleep 0.02; done
TOKEN=$(sed -n 's/.*#token=//p' "$TMP/web.out" | head -1)
IDLE_RSS=$(awk '/VmRSS/ {print $2}' /proc/$WEB/status)
AUTH="Authorization: Bearer $TOKEN"
THUMB=/media/photos/$PHOTO/thumbnail?size=256
mkdir -p "$TMP/www" "$TMP/nginx/logs"
curl -sf -H "$AUTH" -o "$TMP/www/thumb.jpg" "http://127.0.0.1:$PORT$THUMB"
curl -sf -H "$AUTH" -o "$TMP/www/video.mp4" "http://127.0.0.1:$PORT/media/photos/$VIDEO/video"
SIZE=$(stat -c %s "$TMP/www/video.mp4")
cmp -s "$TMP/www/video.mp4" "$TMP/video.mp4" || echo "note: the served video is the browser-playable copy" >&2

# As root, nginx's workers would run as nobody, who cannot read the private temp directory.
cat >"$TMP/nginx/nginx.conf" <<CONF
$([ "$(id -u)" = 0 ] && echo "user root;")
worker_processes auto;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/logs/error.log error;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    types { image/jpeg jpg; video/mp4 mp4; }
    server { listen 127.0.0.1:$NGINX_PORT; root $TMP/www; }
}
CONF
nginx -p "$TMP/nginx" -c nginx.conf
NGINX=1
FLOOR_PORT=18739
if [ -n "$FLOOR" ]; then
    echo "== building Hummingbird's floor (release)" >&2
    swift build -c release --static-swift-stdlib --package-path "$ROOT/Benchmarks/web/floor" >&2
    "$ROOT/Benchmarks/web/floor/.build/release/floor" "$TMP/www/thumb.jpg" $FLOOR_PORT & FLOOR_PID=$!
    for _ in $(seq 500); do curl -sf -o /dev/null "http://127.0.0.1:$FLOOR_PORT/thumb.jpg" && break; sleep 0.02; done
fi

results=$OUT/web.jsonl
: >"$results"
run() { # label url connections [lua]
    local label=$1 url=$2 connections=$3 script=${4:-}
    SIZE=$SIZE wrk -t2 -c"$connections" -d"${SECS}s" --latency -H "$AUTH" ${script:+-s "$script"} "$url" \
        >"$TMP/wrk.txt"
    python3 - "$label" "$TMP/wrk.txt" >>"$results" <<'PY'
import json, re, sys
text = open(sys.argv[2]).read()
units = {"B": 1, "KB": 1024, "MB": 1024 ** 2, "GB": 1024 ** 3}
rps = float(re.search(r"Requests/sec:\s+([0-9.]+)", text)[1])
amount, unit = re.search(r"Transfer/sec:\s+([0-9.]+)(\w+)", text).groups()
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(json.dumps({"label": sys.argv[1], "rps": rps, "bytesPerSec": float(amount) * units[unit],
                  "non2xx": int(errors[1]) if errors else 0}))
PY
}
for _ in $(seq "$REPS"); do
    run thumbnails-web "http://127.0.0.1:$PORT$THUMB" 64
    run thumbnails-nginx "http://127.0.0.1:$NGINX_PORT/thumb.jpg" 64
    [ -n "$FLOOR" ] && run thumbnails-floor "http://127.0.0.1:$FLOOR_PORT/thumb.jpg" 64
    run ranges-web "http://127.0.0.1:$PORT/media/photos/$VIDEO/video" 4 "$ROOT/Benchmarks/web/ranges.lua"
    run ranges-nginx "http://127.0.0.1:$NGINX_PORT/video.mp4" 4 "$ROOT/Benchmarks/web/ranges.lua"
done
LOADED_RSS=$(awk '/VmRSS/ {print $2}' /proc/$WEB/status)

python3 - "$results" "$ROOT/Benchmarks" "$IDLE_RSS" "$LOADED_RSS" "$(stat -c %s "$TMP/www/thumb.jpg")" "$SIZE" \
    "${ARGV[@]}" <<'PY'
import json, statistics, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
sys.path.insert(0, sys.argv[2])
import result
idle, loaded, thumb, video = (int(v) for v in sys.argv[3:7])
def median(label, key):
    return statistics.median(r[key] for r in rows if r["label"] == label)
bad = sum(r["non2xx"] for r in rows)
web, nginx = median("thumbnails-web", "rps"), median("thumbnails-nginx", "rps")
ranges_web = median("ranges-web", "bytesPerSec") / 1e6
ranges_nginx = median("ranges-nginx", "bytesPerSec") / 1e6
print(f"thumbnails ({thumb} B): toolkit-web {web:.0f} rps, nginx {nginx:.0f} rps, ratio {web / nginx:.2f} (goal >= 0.70)")
floor = median("thumbnails-floor", "rps") if any(r["label"] == "thumbnails-floor" for r in rows) else None
if floor:
    print(f"Hummingbird's floor (one route, fixed bytes): {floor:.0f} rps, ratio {floor / nginx:.2f} to nginx; "
          f"toolkit-web {web / floor:.2f} of it")
print(f"ranges ({video / 1e6:.0f} MB video, 4 MiB ranges): toolkit-web {ranges_web:.0f} MB/s, "
      f"nginx {ranges_nginx:.0f} MB/s, ratio {ranges_web / ranges_nginx:.2f} (goal >= 0.80)")
print(f"toolkit-web RSS: idle {idle / 1024:.1f} MiB (goal <= 20), after the load {loaded / 1024:.1f} MiB")
print(f"non-2xx answers: {bad}")
result.write(
    "web", web, "rps", what="thumbnails through toolkit-web at 64 connections", anchor=nginx,
    anchor_name="nginx serving the same JPEG", goal="ratio >= 0.7",
    command="Benchmarks/web/run.sh " + " ".join(sys.argv[7:]),
    note=f"ranges {ranges_web / ranges_nginx:.2f} x nginx (goal >= 0.8); idle RSS {idle / 1024:.1f} MiB (goal <= 20)",
    extra={"rangesMBps": round(ranges_web, 1), "rangesNginxMBps": round(ranges_nginx, 1),
           "rangesRatio": round(ranges_web / ranges_nginx, 3), "idleRssKiB": idle, "loadedRssKiB": loaded,
           "thumbnailBytes": thumb, "videoBytes": video, "non2xx": bad,
           # One entry a goal, so the table names the one missed.
           "thumbnails": {"ratio": round(web / nginx, 3), "met": web / nginx >= 0.7},
           "ranges": {"ratio": round(ranges_web / ranges_nginx, 3), "met": ranges_web / ranges_nginx >= 0.8},
           "idle RSS": {"MiB": round(idle / 1024, 1), "met": idle / 1024 <= 20},
           **({"floorRps": round(floor, 1), "floorRatio": round(floor / nginx, 3)} if floor else {})})
PY
