#!/usr/bin/env bash
# The Audio benchmark (issue 4, Performance):
#   1. decode speed in MB/s of `toolkit sound decode` against `sox FILE -t raw -` on the same 10-minute WAV;
#   2. peak RSS while playing that 10-minute WAV into the file PCM, against the idle process;
#   3. time from `play()` on a PreparedSound to the first period written, p50/p99 over 1,000 plays,
#      next to `aplay` started 1,000 times on the same file and PCM.
# Needs: swift, sox, hyperfine, alsa-utils (aplay), GNU time (/usr/bin/time), python3.
# Usage: Benchmarks/audio/run.sh [PLAYS]   (PLAYS defaults to 1000)
# Writes the suite's result, Benchmarks/results/audio.json (the prepared play's p99 against aplay's).
set -euo pipefail

plays=${1:-1000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "== building (release)" >&2
make -s -C "$root" release >&2
swift build -c release --package-path "$here" >&2
toolkit="$root/.build/release/toolkit"
bench="$here/.build/release/audio-bench"

echo "== making a 10-minute 44.1 kHz stereo 16-bit WAV" >&2
long="$work/long.wav"
sox -D -n -r 44100 -c 2 -b 16 "$long" synth 600 pinknoise vol 0.5
sox -D -n -r 44100 -c 1 -b 16 "$work/tiny.wav" synth 0.01 sine 440
"$toolkit" sound builtin bell -o "$work/shutter.wav" >/dev/null
bytes=$(stat -c %s "$long")

echo "== decode speed" >&2
hyperfine --warmup 1 --runs 5 --export-json "$work/decode.json" \
    "$toolkit sound decode $long -o /dev/null" \
    "sox $long -t raw -" \
    "sox $long -t raw -e signed -b 32 -" >&2

echo "== peak RSS" >&2
rss() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
idle=$(rss "$toolkit" sound info "$work/tiny.wav")
short=$(rss "$toolkit" sound play "$work/tiny.wav" --device "file:'$work/short.raw',raw")
full=$(rss "$toolkit" sound play "$long" --device "file:'$work/long.raw',raw")
cmp -s <(tail -c +45 "$long") "$work/long.raw" || { echo "played bytes differ from the file's samples" >&2; exit 1; }
aplayrss=$(rss aplay -q -D "file:'$work/aplay.raw',raw" "$long")

echo "== prepared-play latency ($plays plays)" >&2
"$bench" latency "$work/shutter.wav" "file:'/dev/null',raw" "$plays" >"$work/prepared.txt"
hyperfine -N --runs "$plays" --export-json "$work/aplay.json" \
    "aplay -q -D \"file:'/dev/null',raw\" $work/shutter.wav" >&2

python3 - "$work" "$bytes" "$idle" "$short" "$full" "$aplayrss" "$here/.." "$plays" <<'PY'
import json, statistics, sys
sys.path.insert(0, sys.argv[7])
import result
work, size = sys.argv[1], int(sys.argv[2])
idle, short, full, aplay_rss = (int(x) for x in sys.argv[3:7])

def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

print("### Decode: 10-minute 44.1 kHz stereo 16-bit WAV (%.1f MB), median of 5 runs" % (size / 1e6))
print("| command | median s | MB/s |")
print("|---|---|---|")
for r in json.load(open(f"{work}/decode.json"))["results"]:
    cmd = r["command"].replace(work, "$W").split("/release/")[-1]
    print(f"| `{cmd}` | {r['median']:.3f} | {size / 1e6 / r['median']:.0f} |")
print()
print("### Peak RSS (GNU time %M)")
print("| process | max RSS MiB |")
print("|---|---|")
print(f"| `toolkit sound info tiny.wav` (idle) | {idle / 1024:.1f} |")
print(f"| `toolkit sound play tiny.wav` into the file PCM | {short / 1024:.1f} |")
print(f"| `toolkit sound play long.wav` (10 min) into the file PCM | {full / 1024:.1f} |")
print(f"| `aplay long.wav` into the file PCM | {aplay_rss / 1024:.1f} |")
print(f"\n10-minute playback is {(full - idle) / 1024:.1f} MiB above idle (goal: at most 20 MiB).")
print()
prepared = [float(x) for x in open(f"{work}/prepared.txt")]
aplay = [t * 1e3 for t in json.load(open(f"{work}/aplay.json"))["results"][0]["times"]]
print(f"### Prepared play to first period written, {len(prepared)} plays (bell, 0.9 s, `file:'/dev/null',raw`)")
print("| | p50 ms | p99 ms | max ms |")
print("|---|---|---|---|")
print(f"| `PreparedSound.play()` to first period | {pct(prepared, 50) / 1e3:.3f} | {pct(prepared, 99) / 1e3:.3f} | {max(prepared) / 1e3:.3f} |")
print(f"| `aplay` started on the same file and PCM (start to exit) | {pct(aplay, 50):.2f} | {pct(aplay, 99):.2f} | {max(aplay):.2f} |")
decode = {r["command"].split()[0].rsplit("/", 1)[-1]: size / 1e6 / r["median"]
          for r in json.load(open(f"{work}/decode.json"))["results"]}
result.write("audio", pct(prepared, 99) / 1e3, "ms", f"PreparedSound.play() -> first period written, p99 of {len(prepared)}",
             pct(aplay, 99), "aplay of the same WAV on the same file PCM, start -> exit, p99", goal="figure <= 10",
             command=f"Benchmarks/audio/run.sh {sys.argv[8]}",
             extra={"decode_MBps": {k: round(v, 1) for k, v in decode.items()},
                    "playback_rss_over_idle_mib": round((full - idle) / 1024, 1)})
PY
