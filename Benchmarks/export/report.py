#!/usr/bin/env python3
"""Prints run.sh's Markdown tables and writes W/summary.json (called by run.sh with its measurements)."""
import json, os, statistics, sys

(anchor_file, w, our_tar, our_zst, our2_tar, our2_zst, same_tar, same_zst, full_tar, idle1,
 load_start, load_end) = sys.argv[1:13]
our_tar, our_zst, our2_tar, our2_zst, same_tar, same_zst, full_tar, idle1 = map(
    int, (our_tar, our_zst, our2_tar, our2_zst, same_tar, same_zst, full_tar, idle1))
anchor = json.load(open(anchor_file))
rows = {c["name"]: c for c in anchor["commands"]}


def timed(name, stream_bytes, index=0):
    r = json.load(open(os.path.join(w, name)))["results"][index]
    med = statistics.median(r["times"])
    return {"median_s": round(med, 3), "min_s": round(r["min"], 3), "MBps": round(stream_bytes / 1e6 / med, 1),
            "MBps_best": round(stream_bytes / 1e6 / r["min"], 1)}


export = timed("export.json", our_tar)
same_c = timed("same.json", same_tar)
same_x = timed("same-x.json", same_tar)
same_c_sync = timed("same.json", same_tar, 1)
same_x_sync = timed("same-x.json", same_tar, 1)
restore = timed("restore.json", full_tar)
# its seconds only: the whole chain is replayed, but only the part is written
part_restore = timed("part-restore.json", full_tar)
part_counts = json.load(open(os.path.join(w, "part-restore-counts.json")))
pc, px = rows["pipe-c"], rows["pipe-x"]
ratio_ours, ratio_same, ratio_corpus = our_tar / our_zst, same_tar / same_zst, anchor["ratio_T0"]
rss = {n: list(map(float, open(os.path.join(w, f"rss-{n}")).read().split())) for n in ("1x", "2x")}
archives = {}
for line in open(os.path.join(w, "archives")):
    label, seconds, size, kind, _ = line.split()
    archives[label] = {"seconds": float(seconds), "size": int(size), "kind": kind}
archive_rss = dict(line.split() for line in open(os.path.join(w, "rss-archive")))
smaps = {k.rstrip(":"): int(v) for k, v, *_ in (l.split() for l in open(os.path.join(w, "smaps-1x")))
         if len(_) == 1 and _[0] == "kB"}


def verdict(ok):
    return "met" if ok else "**missed**"


print(f"\ncorpus: {anchor['files']} files, {anchor['tar_bytes'] / 1e6:.1f} MB as GNU tar; nproc {anchor['nproc']}; "
      f"{anchor['zstd']}; load average {load_start} at the start, {load_end} at the end")
print(f"our bundle of the 1x diary: {our_tar / 1e6:.1f} MB of tar stream -> {our_zst / 1e6:.1f} MB; "
      f"the same files re-tarred by GNU tar: {same_tar / 1e6:.1f} MB; the 2x bundle: {our2_tar / 1e6:.1f} MB -> "
      f"{our2_zst / 1e6:.1f} MB; the full archive: {full_tar / 1e6:.1f} MB of tar stream")
print("\n| measure | ours | anchor: same files | anchor: corpus (anchor.sh) | ours / anchor (same files) | goal | |")
print("|---|---:|---:|---:|---:|---|---|")
share = export["MBps"] / same_c["MBps"]
print(f"| export MB/s (median of runs; best) | {export['MBps']} ({export['MBps_best']}) | {same_c['MBps']} "
      f"({same_c['MBps_best']}) | {pc['MBps_median']} ({pc['MBps_best']}) | {100 * share:.0f} % | >= 90 % | "
      f"{verdict(share >= 0.9)} |")
print(f"| export s (median) | {export['median_s']} | {same_c['median_s']} | {pc['median_s']} | | | |")
print(f"| export MB/s against the anchor + `sync` of its output | {export['MBps']} | {same_c_sync['MBps']} | | "
      f"{100 * export['MBps'] / same_c_sync['MBps']:.0f} % | | |")
dr = ratio_ours / ratio_same - 1
print(f"| ratio | {ratio_ours:.4f} | {ratio_same:.4f} | {ratio_corpus:.4f} | {100 * dr:+.2f} % | within 1 % | "
      f"{verdict(abs(dr) <= 0.01)} |")
for n, label in (("1x", "corpus"), ("2x", "twice the corpus")):
    idle, peak, seconds = rss[n]
    print(f"| core's peak RSS during export, {label} (idle before) | {peak / 1024:.1f} MiB ({idle / 1024:.1f}) | "
          f"| | | <= 64 MiB | {verdict(peak <= 64 * 1024)} |")
share = restore["MBps"] / same_x["MBps"]
print(f"| restore MB/s (median; best) | {restore['MBps']} ({restore['MBps_best']}) | {same_x['MBps']} "
      f"({same_x['MBps_best']}) | {px['MBps_median']} ({px['MBps_best']}) | {100 * share:.0f} % | >= 90 % | "
      f"{verdict(share >= 0.9)} |")
print(f"| restore s (median) | {restore['median_s']} | {same_x['median_s']} | {px['median_s']} | | | |")
print(f"| restore MB/s against the anchor + `sync -f` | {restore['MBps']} | {same_x_sync['MBps']} | | "
      f"{100 * restore['MBps'] / same_x_sync['MBps']:.0f} % | | |")
print(f"| part restore s (median; best): a pet's year, `--on-conflict replace`, into the running diary | "
      f"{part_restore['median_s']} ({part_restore['min_s']}) | | | | | |")
print("part restore's records: " + ", ".join(
    f"{kind} {sum(part_counts[column].get(kind, 0) for column in ('added', 'skipped', 'replaced'))}"
    for kind in ("pets", "albums", "photos", "entries", "sounds", "notes")))
print("\n| archive.create | 1x diary: s | size MB | 2x diary: s | size MB | 2x / 1x time |")
print("|---|---:|---:|---:|---:|---:|")
for kind in ("full", "incremental"):
    a, b = archives[f"{kind}-1x"], archives[f"{kind}-2x"]
    print(f"| {kind}{' (10 new photos)' if kind == 'incremental' else ''} | {a['seconds']} | {a['size'] / 1e6:.1f} | "
          f"{b['seconds']} | {b['size'] / 1e6:.1f} | {b['seconds'] / a['seconds']:.2f} |")
inc = archives["incremental-1x"]["seconds"] / archives["full-1x"]["seconds"]
print(f"\nincremental / full time: {100 * inc:.1f} % on the 1x diary, "
      f"{100 * archives['incremental-2x']['seconds'] / archives['full-2x']['seconds']:.1f} % on the 2x; "
      f"the core's peak RSS during the full archive: {int(archive_rss['archive-full-1x']) / 1024:.1f} MiB (1x), "
      f"{int(archive_rss['archive-full-2x']) / 1024:.1f} MiB (2x)")
print("the 1x core after its export (smaps_rollup, MiB): " + ", ".join(
    f"{k} {smaps[k] / 1024:.1f}" for k in ("Rss", "Anonymous", "Pss_Anon", "Pss_File") if k in smaps))
json.dump({"export": export, "same_files_c": same_c, "same_files_x": same_x, "restore": restore,
           "part_restore": part_restore, "part_restore_counts": part_counts,
           "same_files_c_sync": same_c_sync, "same_files_x_sync": same_x_sync,
           "ratio": {"ours": ratio_ours, "same_files": ratio_same, "corpus": ratio_corpus},
           "bytes": {"our_tar": our_tar, "our_zst": our_zst, "our2_tar": our2_tar, "our2_zst": our2_zst,
                     "same_tar": same_tar, "same_zst": same_zst, "full_tar": full_tar},
           "rss_kib": {"idle_1x": idle1, "export_1x": rss["1x"], "export_2x": rss["2x"], "archive": archive_rss},
           "archives": archives, "load": [load_start, load_end]},
          open(os.path.join(w, "summary.json"), "w"), indent=1)

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import result  # noqa: E402

root = os.path.dirname(os.path.dirname(os.path.abspath(anchor_file)))
result.write(
    "export", export["MBps"], "MB/s", "toolkit export of the corpus diary, median (ours is fsynced)", same_c["MBps"],
    "tar -cf - | zstd -3 -T0 of the same files, median (not synced)", goal="ratio >= 0.9",
    command="%sRUNS=%s Benchmarks/export/run.sh%s" % (
        "TOOLKIT_BIN=%s " % os.environ["TOOLKIT_BIN"] if os.environ.get("TOOLKIT_BIN") else "",
        os.environ.get("RUNS", "3"), "" if root == "/tmp/pet-diary" else " " + root),
    extra={"anchor_synced_MBps": same_c_sync["MBps"], "restore_MBps": restore["MBps"],
           "part_restore_s": part_restore["median_s"],
           "restore_anchor_MBps": same_x["MBps"], "restore_anchor_synced_MBps": same_x_sync["MBps"],
           "ratio_ours": round(ratio_ours, 4), "ratio_same_files": round(ratio_same, 4),
           "export_peak_rss_mib": {n: round(rss[n][1] / 1024, 1) for n in ("1x", "2x")},
           "archive_create_peak_rss_mib": {n: round(int(archive_rss["archive-full-" + n]) / 1024, 1)
                                           for n in ("1x", "2x")},
           "archive_create_s": {k: v["seconds"] for k, v in archives.items()}})
