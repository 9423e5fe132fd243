#!/usr/bin/env bash
# The instruction-count regression guard (make bench-guard, run by make ci-extras): the core's user-space
# instructions per `system.ping` and per call forwarded to a plugin (`bench.echo`, answered by the C plugin
# Benchmarks/plugins/bench-echo.c) under callgrind, each against its ceiling in Benchmarks/rpc/ceilings.json.
# Instructions do not depend on the machine's load, so the guard holds on a shared CI machine where wall-clock
# numbers do not. It fails when a count is more than `tolerance` (5 %) over its ceiling, printing both numbers.
#
#   Benchmarks/rpc/guard.sh [--update] [--bin PATH]
#
# It builds the release binary through `make release` (the flags never flip) unless --bin names one. Each
# count is written as a result (Benchmarks/results/rpc-instructions-{ping,echo}.json) for make bench's table.
# --update writes the measured counts into ceilings.json as the new ceilings (commit them with the reason: a
# change that costs instructions on purpose, or fewer, so that the next regression is caught from there).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CEILINGS=$ROOT/Benchmarks/rpc/ceilings.json
UPDATE="" BIN=""
while [ $# -gt 0 ]; do
    case $1 in
        --update) UPDATE=1; shift ;;
        --bin) BIN=$2; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "guard.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
for tool in valgrind callgrind_annotate callgrind_control jq cc gcc objcopy python3; do
    command -v "$tool" >/dev/null || { echo "guard.sh: needs $tool (make bench-deps)" >&2; exit 1; }
done
START=$(date +%s)
if [ -z "$BIN" ]; then
    echo "== building toolkit (release)" >&2
    make -s -C "$ROOT" release >&2
    BIN=$ROOT/.build/release/toolkit
fi
TMP=$(mktemp -d /tmp/toolkit-guard.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
cc -O2 -o "$TMP/bench-echo" "$ROOT/Benchmarks/plugins/bench-echo.c"

conns=$(jq -r .conns "$CEILINGS") depth=$(jq -r .depth "$CEILINGS")
requests=$(jq -r .requests "$CEILINGS") warmup=$(jq -r .warmup "$CEILINGS")
tolerance=$(jq -r .tolerance "$CEILINGS")
failed=""
for key in ping echo; do
    method=$(jq -r ".calls.$key.method" "$CEILINGS")
    params=$(jq -c ".calls.$key.params // empty" "$CEILINGS")
    args=(--bin "$BIN" --conns "$conns" --depth "$depth" --requests "$requests" --warmup "$warmup" --method "$method")
    [ -n "$params" ] && args+=(--params "$params")
    [ "$key" = echo ] && args+=(--plugin "$TMP/bench-echo")
    echo "== $method under callgrind ($conns x $depth, $requests requests after $warmup)" >&2
    line=$("$ROOT/Benchmarks/rpc/callgrind.sh" "${args[@]}")
    echo "$line" >&2
    measured=$(sed -n 's/.* \([0-9][0-9]*\) per request, errors \([0-9][0-9]*\);.*/\1/p' <<<"$line")
    errors=$(sed -n 's/.* per request, errors \([0-9][0-9]*\);.*/\1/p' <<<"$line")
    [ -n "$measured" ] || { echo "guard.sh: no count in callgrind.sh's output" >&2; exit 1; }
    [ "$errors" = 0 ] || { echo "guard.sh: $method answered $errors errors under callgrind" >&2; failed="$failed $key"; }
    ceiling=$(jq -r ".calls.$key.ceiling" "$CEILINGS")
    if [ -n "$UPDATE" ]; then
        jq --argjson n "$measured" ".calls.$key.ceiling = \$n" "$CEILINGS" >"$TMP/ceilings.json"
        cp "$TMP/ceilings.json" "$CEILINGS"
        echo "$method: $measured instructions per call; ceiling was $ceiling, now $measured" >&2
        ceiling=$measured
    fi
    limit=$(python3 -c 'import sys; print(int(float(sys.argv[1]) * (1 + float(sys.argv[2]))))' "$ceiling" "$tolerance")
    verdict=ok
    [ "$measured" -le "$limit" ] || { verdict="OVER"; failed="$failed $key"; }
    printf '%s: %s instructions per call, ceiling %s (limit +%s = %s): %s\n' "$method" "$measured" "$ceiling" \
        "$(python3 -c 'import sys; print("%g %%" % (100 * float(sys.argv[1])))' "$tolerance")" "$limit" "$verdict"
    # The same run in make bench and make bench-quick: never marked quick.
    BENCH_MODE=full python3 "$ROOT/Benchmarks/result.py" "rpc-instructions-$key" --figure "$measured" --unit "instructions/call" \
        --what "instructions per $method in the core (callgrind, $conns x $depth)" \
        --anchor "$ceiling" --anchor-name "committed ceiling (Benchmarks/rpc/ceilings.json)" \
        --goal "ratio <= $(python3 -c 'import sys; print(1 + float(sys.argv[1]))' "$tolerance")" \
        --command "Benchmarks/rpc/guard.sh" --extra "{\"errors\": $errors}"
done
echo "guard: $(($(date +%s) - START)) s" >&2
if [ -n "$failed" ]; then
    echo "guard.sh: over the ceiling:$failed. If the cost is meant, raise the ceiling with" \
        "Benchmarks/rpc/guard.sh --update and say why in the commit; if not, compare profiles in" \
        "Benchmarks/results/raw/ with callgrind_annotate." >&2
    exit 1
fi
