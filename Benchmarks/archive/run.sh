#!/usr/bin/env bash
# run.sh — `toolkit bundle pack/unpack` against GNU tar + the zstd CLI on the pet-diary corpus.
#
# usage: Benchmarks/archive/run.sh [ROOT]     (default /tmp/pet-diary; the corpus goes to ROOT/corpus)
# env:   RUNS=3 (timed runs per command, after 1 warmup), SKIP_ANCHOR=1 (reuse ROOT/anchor/summary.json)
#
# 1. builds the release binary (`make release`);
# 2. makes the corpus with ../shared/bench/archive/make-corpus.sh (about 750 MB; kept between runs);
# 3. runs ../shared/bench/archive/anchor.sh (tar | zstd -3 -T0, tar --zstd, zstd -d | tar -x, ...);
# 4. times `toolkit bundle pack corpus -o out.tar.zst` and `toolkit bundle unpack out.tar.zst dest` with
#    hyperfine (warm page cache; outputs removed and synced before each run, outside the timing; our pack
#    includes its own fsync, the anchors have none), checks the unpacked tree against the corpus,
#    measures peak RSS with GNU time, and once more on a doubled corpus (two hard-linked copies);
# 5. prints a Markdown table, and writes the suite's result (Benchmarks/results/archive.json: pack MB/s against
#    tar | zstd -3 -T0, goal >= 90 %). MB/s are 10^6 bytes of GNU tar's stream of the corpus per second, for every
#    row, as in anchor.sh.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SHARED=$REPO/../shared/bench/archive
ROOT=${1:-/tmp/pet-diary}
RUNS=${RUNS:-3}
W=$ROOT/toolkit-bench
for t in hyperfine zstd tar python3 /usr/bin/time; do
    command -v "$t" >/dev/null || { echo "run.sh: missing $t (apt-get install hyperfine zstd tar python3 time)" >&2; exit 1; }
done

echo "== build"
make -s -C "$REPO" release
BIN=$REPO/.build/release/toolkit

echo "== corpus"
bash "$SHARED/make-corpus.sh" "$ROOT"

if [ -z "${SKIP_ANCHOR:-}" ] || [ ! -f "$ROOT/anchor/summary.json" ]; then
    echo "== anchors"
    RUNS=$RUNS bash "$SHARED/anchor.sh" "$ROOT"
fi

echo "== toolkit"
rm -rf "$W"
mkdir -p "$W/dest"
cd "$ROOT"
HF=(hyperfine --runs "$RUNS" --warmup 1 --style basic --time-unit second)
"${HF[@]}" --export-json "$W/pack.json" --prepare "rm -f '$W/out.tar.zst'; sync" \
    -n toolkit-pack "'$BIN' bundle pack corpus -o '$W/out.tar.zst' --quiet"
"${HF[@]}" --export-json "$W/unpack.json" --prepare "rm -rf '$W/dest' && mkdir '$W/dest' && sync" \
    -n toolkit-unpack "'$BIN' bundle unpack '$W/out.tar.zst' '$W/dest' --quiet"
diff -r -q corpus "$W/dest" >/dev/null || { echo "run.sh: unpacked tree differs from the corpus!" >&2; exit 1; }
if ! { tar --zstd -xf "$W/out.tar.zst" -C "$W/dest" && diff -r -q corpus "$W/dest" >/dev/null; }; then
    echo "run.sh: GNU tar's extraction of our archive differs!" >&2; exit 1
fi
ZST=$(stat -c %s "$W/out.tar.zst")

T=/usr/bin/time
rm -f "$W/out.tar.zst"
$T -f %M -o "$W/rss.pack" "$BIN" bundle pack corpus -o "$W/out.tar.zst" --quiet >/dev/null
rm -rf "$W/dest" && mkdir "$W/dest"
$T -f %M -o "$W/rss.unpack" "$BIN" bundle unpack "$W/out.tar.zst" "$W/dest" --quiet >/dev/null
rm -rf "$W/dest" "$W/out.tar.zst"
# doubled corpus: two hard-linked copies, so the stream is twice as long with no extra disk
mkdir -p "$W/double" && cp -al corpus "$W/double/a" && cp -al corpus "$W/double/b"
$T -f %M -o "$W/rss.pack2" "$BIN" bundle pack "$W/double" -o "$W/double.tar.zst" --quiet >/dev/null
mkdir -p "$W/dest2"
$T -f %M -o "$W/rss.unpack2" "$BIN" bundle unpack "$W/double.tar.zst" "$W/dest2" --quiet >/dev/null
rm -rf "$W/double" "$W/dest2" "$W/double.tar.zst" "$W/dest"

python3 - "$ROOT/anchor/summary.json" "$W" "$ZST" "$HERE/.." "${1:-}" <<'PYEOF'
import json, os, statistics, sys
anchor_file, w, zst = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, sys.argv[4])
import result
anchor = json.load(open(anchor_file))
tar_bytes = anchor["tar_bytes"]
rss = lambda n: int(open(os.path.join(w, f"rss.{n}")).read().split()[-1])
rows = {c["name"]: c for c in anchor["commands"]}
def ours(f):
    r = json.load(open(os.path.join(w, f)))["results"][0]
    med = statistics.median(r["times"])
    return {"median_s": round(med, 3), "min_s": round(r["min"], 3), "MBps_median": round(tar_bytes / 1e6 / med, 1),
            "MBps_best": round(tar_bytes / 1e6 / r["min"], 1), "user_s": round(r["user"], 3), "system_s": round(r["system"], 3)}
pack, unpack = ours("pack.json"), ours("unpack.json")
ratio_ours, ratio_anchor = tar_bytes / zst, anchor["ratio_T0"]
def rss_text(c):
    r = c.get("peak_rss_kib")
    return "—" if not r else ", ".join(f"{k} {v}" for k, v in r.items())
print(f"\ncorpus: {anchor['files']} files, {tar_bytes/1e6:.1f} MB as GNU tar; nproc {anchor['nproc']}; {anchor['zstd']}")
print("\n| command | median s | min s | MB/s (median) | MB/s (best) | user s | sys s | ratio | peak RSS KiB |")
print("|---|---|---|---|---|---|---|---|---|")
for name in ("tar-only", "pipe-c", "tarzstd-c", "pipe-x", "tarzstd-x"):
    c = rows[name]
    ratio = {"pipe-c": f"{ratio_anchor:.4f}", "tarzstd-c": f"{anchor['ratio_tar_zstd']:.4f}"}.get(name, "")
    print(f"| {name} | {c['median_s']} | {c['min_s']} | {c['MBps_median']} | {c['MBps_best']} | {c['user_s']} | "
          f"{c['system_s']} | {ratio} | {rss_text(c)} |")
for name, c, r, r2, ratio in (("toolkit bundle pack", pack, rss("pack"), rss("pack2"), f"{ratio_ours:.4f}"),
                              ("toolkit bundle unpack", unpack, rss("unpack"), rss("unpack2"), "")):
    print(f"| {name} | {c['median_s']} | {c['min_s']} | {c['MBps_median']} | {c['MBps_best']} | {c['user_s']} | "
          f"{c['system_s']} | {ratio} | {r} (doubled corpus: {r2}) |")
pc, px = rows["pipe-c"], rows["pipe-x"]
print(f"\npack:   {100 * pack['MBps_median'] / pc['MBps_median']:.0f} % of tar | zstd -3 -T0 (goal >= 90 %); "
      f"ratio {ratio_ours:.4f} vs {ratio_anchor:.4f} ({100 * (ratio_ours / ratio_anchor - 1):+.2f} %, goal within 1 %); "
      f"peak RSS {rss('pack') / 1024:.1f} MiB, doubled corpus {rss('pack2') / 1024:.1f} MiB (goal <= 64 MiB, not growing)")
print(f"unpack: {100 * unpack['MBps_median'] / px['MBps_median']:.0f} % of zstd -d | tar -x (goal >= 90 %); "
      f"peak RSS {rss('unpack') / 1024:.1f} MiB, doubled corpus {rss('unpack2') / 1024:.1f} MiB")
json.dump({"pack": pack, "unpack": unpack, "ratio": ratio_ours, "zst_bytes": zst,
           "rss_kib": {"pack": rss("pack"), "pack_doubled": rss("pack2"), "unpack": rss("unpack"),
                       "unpack_doubled": rss("unpack2")}}, open(os.path.join(w, "summary.json"), "w"), indent=1)
result.write("archive", pack["MBps_median"], "MB/s", "toolkit bundle pack of the corpus, median", pc["MBps_median"],
             "tar -cf - | zstd -3 -T0 of the corpus (anchor.sh), median", goal="ratio >= 0.9",
             command=" ".join(x for x in ("RUNS=%s" % os.environ.get("RUNS", "3"), "Benchmarks/archive/run.sh", sys.argv[5]) if x),
             extra={"files": anchor["files"], "tar_mb": round(tar_bytes / 1e6, 1), "ratio_ours": round(ratio_ours, 4),
                    "ratio_anchor": round(ratio_anchor, 4), "unpack_MBps": unpack["MBps_median"],
                    "unpack_anchor_MBps": px["MBps_median"], "pack_peak_rss_mib": round(rss("pack") / 1024, 1),
                    "pack_peak_rss_mib_doubled": round(rss("pack2") / 1024, 1)})
PYEOF
echo "summary: $W/summary.json"
