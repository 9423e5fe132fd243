#!/usr/bin/env python3
"""The benchmark suite: runs every benchmark against its anchor, and prints the table of their results.

    Benchmarks/suite.py run [--quick] [NAME ...]   run them (all, or those named), then print the table and
                                                    write it into Benchmarks/README.md
    Benchmarks/suite.py table [--markdown]          print the table from Benchmarks/results/*.json
    Benchmarks/suite.py readme                      write that table into Benchmarks/README.md
    Benchmarks/suite.py list                        the benchmarks, with their full and quick commands

Each benchmark script measures its figure and its anchor in the same run and writes
Benchmarks/results/NAME.json (Benchmarks/result.py); a benchmark without one shows as "not measured". A run
that fails leaves its last result in place (the table shows its commit and date) and its log in
Benchmarks/results/raw/NAME.log. --quick runs shorter versions (fewer seconds, a 30-photo corpus, no separate
builds) that fit in about 10 minutes on 2 cores once the release build exists; its results say "quick".
"""
import glob
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "results")
QUICK_CORPUS = "/tmp/pet-diary-quick"
# make-corpus.sh's sizes for the quick corpus: a tenth of the photos, a tenth of the diary texts.
QUICK_CORPUS_ENV = {"PHOTOS": "30", "DIARIES": "500", "WAVS": "4"}

# name, what is measured (the figure), its anchor, its goal, the full command, the quick one (None: not in
# --quick). The result files carry the same; this list says what the table expects and how to run each.
BENCHMARKS = [
    ("rpc", "`system.ping` rps at 64 × 16 (quick: 8 × 16)", "C epoll server, same loadgen", "none set",
     "Benchmarks/rpc/run.sh", "Benchmarks/rpc/run.sh --secs 1 --reps 1 --conns 8 --depths 16"),
    ("rpc-instructions-ping", "instructions per `system.ping` (callgrind)", "committed ceiling",
     "≤ 1.05 × ceiling (CI guard)", "Benchmarks/rpc/guard.sh", "Benchmarks/rpc/guard.sh"),
    ("rpc-instructions-echo", "instructions per forwarded `bench.echo` (callgrind)", "committed ceiling",
     "≤ 1.05 × ceiling (CI guard)", "Benchmarks/rpc/guard.sh", None),  # the same run of guard.sh
    ("plugins", "`bench.echo` rps at 8 × 16 through the C plugin", "`system.ping` rps, same core, alternated",
     "≥ 30 %", "Benchmarks/plugins/run.sh", "Benchmarks/plugins/run.sh --secs 1 --reps 1 --runs 3"),
    ("diary", "`diary.list` (20) p50 µs on 100,000 entries (quick: 5,000)", "`system.ping` p50, same core",
     "none set", "Benchmarks/diary/run.sh", "Benchmarks/diary/run.sh --entries 5000 --secs 1"),
    ("shutter", "`shutter.fire` request → answer p99 ms", "`aplay` start → first write p99, same WAV and PCM",
     "≤ 10 ms", "Benchmarks/shutter/run.sh", "Benchmarks/shutter/run.sh 200 5"),
    ("archive", "`bundle pack` MB/s of the corpus", "`tar | zstd -3 -T0`", "≥ 90 %",
     "Benchmarks/archive/run.sh", "RUNS=1 Benchmarks/archive/run.sh %s" % QUICK_CORPUS),
    ("photos", "`photos import` MB/s of the corpus's photos", "`cp -r` + `sha256sum`", "≥ 80 %",
     "Benchmarks/photos/run.sh", "Benchmarks/photos/run.sh --reps 1 --corpus %s/corpus/photos" % QUICK_CORPUS),
    ("export", "`toolkit export` MB/s of the corpus diary", "`tar | zstd -3 -T0` of the same files", "≥ 90 %",
     "Benchmarks/export/run.sh", "RUNS=1 Benchmarks/export/run.sh %s" % QUICK_CORPUS),
    ("audio", "prepared play → first period p99 ms", "`aplay` start → exit p99, same WAV and PCM", "≤ 10 ms",
     "Benchmarks/audio/run.sh", None),
    ("video", "`photos import` MB/s of 20 phone clips; posters, a transcode, ping p99 during it",
     "`cp -r` + `sha256sum`; the same ffmpeg commands alone; idle ping p99", "≥ 100 %; ≤ 1.2 ×, ≤ 1.1 ×, ≤ 2 ×",
     "Benchmarks/video/run.sh", "Benchmarks/video/run.sh --reps 1"),
    ("mcp", "`pets_get` p50 µs through `toolkit mcp`; p99, `system_ping`, tool list of 64, idle RSS",
     "the same call over the socket + a pipe round trip", "≤ 2 × (socket + pipe); < 50 ms; < 20 MiB",
     "Benchmarks/mcp/run.sh", "Benchmarks/mcp/run.sh --calls 2000 --rounds 4"),
    ("web", "thumbnails rps through `toolkit-web` at 64 connections; 4 MiB ranges of a 100 MB video; idle RSS",
     "nginx serving the same files, wrk, alternated", "≥ 70 %; ≥ 80 %; ≤ 20 MiB",
     "Benchmarks/web/run.sh", "Benchmarks/web/run.sh --secs 2 --reps 1"),
    ("web-feed", "LCP ms of the feed of 100,000 entries, cold page (quick: 5,000); a page through `/api/rpc`",
     "none (LCP); `diary.list` on the socket, alternated", "≤ 300 ms; ≤ 2 ×",
     "make -s release web-venv && .build/web-venv/bin/python Benchmarks/web/feed.py",
     "make -s release web-venv && .build/web-venv/bin/python Benchmarks/web/feed.py --entries 5000 --rounds 3"),
    ("web-upload", "`POST /api/upload` MB/s of a 50 MB clip", "`photos.import` of a clip of that size by path",
     "≥ 80 %", "make -s release && Benchmarks/web/upload.py",
     "make -s release && Benchmarks/web/upload.py --rounds 2 --seconds 4"),
    ("media", "blob store stage + publish MB/s of the photos", "`cp` + `sha256sum`", "none set",
     "Benchmarks/media/run.sh", None),
    ("soak", "errors + dropped connections + lost creates, 256 clients × 60 s (quick: 32 × 10 s)", "none (zero)",
     "0",
     "make -s release && Benchmarks/soak/soak.py --toolkit .build/release/toolkit --clients 256 --seconds 60 "
     "--slow 4 --result",
     "make -s release && Benchmarks/soak/soak.py --toolkit .build/release/toolkit --clients 32 --seconds 10 "
     "--slow 2 --result"),
]
NAMES = [b[0] for b in BENCHMARKS]


def load_results():
    results = {}
    for path in glob.glob(os.path.join(RESULTS, "*.json")):
        with open(path) as f:
            r = json.load(f)
        results[r["name"]] = r
    return results


def number(value):
    if value is None:
        return "—"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.3g}" if abs(value) < 10 else f"{value:.1f}"


def rows():
    results = load_results()
    table = []
    for name, what, anchor, goal, full, quick in BENCHMARKS:
        r = results.get(name)
        if r is None:
            table.append([name, what, "not measured", anchor, "—", goal, "—", "—", "—", full])
            continue
        figure = "%s %s" % (number(r["figure"]), r["unit"])
        anchor_text = r.get("anchor") or anchor
        if r.get("anchor_figure") is not None:
            anchor_text += ": " + number(r["anchor_figure"])
        ratio = "—" if r.get("ratio") is None else ("%.1f %%" % (100 * r["ratio"]) if r["ratio"] < 10
                                                    else "%.1f×" % r["ratio"])
        met = {True: "met", False: "**missed**", None: "—"}[r.get("met")]
        # A benchmark of several goals (mcp) lists each in `extra`; one missed is the row's miss.
        missed = [key for key, row in (r.get("extra") or {}).items()
                  if isinstance(row, dict) and row.get("met") is False]
        if missed:
            met = "**missed**: " + ", ".join(missed)
        mode = " (quick)" if r.get("mode") == "quick" else ""
        table.append([name, what, figure + mode, anchor_text, ratio, goal, met, r["commit"], r["date"],
                      r.get("command") or full])
    return table


HEADER = ["benchmark", "measures", "figure", "anchor, same run", "ratio", "goal", "", "commit", "date", "run"]


def markdown():
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    for row in rows():
        row = row[:-1] + ["`%s`" % row[-1]]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    return "\n".join(lines)


def plain():
    table = [[c.replace("`", "").replace("**", "") for c in row] for row in rows()]
    head = HEADER
    widths = [max(len(str(r[i])) for r in table + [head]) for i in range(len(head))]
    out = ["  ".join(h.ljust(w) for h, w in zip(head, widths))]
    out += ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)) for r in table]
    return "\n".join(line.rstrip() for line in out)


BEGIN, END = "<!-- suite table: Benchmarks/suite.py readme -->", "<!-- end of suite table -->"


def readme():
    path = os.path.join(HERE, "README.md")
    text = open(path).read()
    start, end = text.index(BEGIN), text.index(END)
    text = text[:start] + BEGIN + "\n" + markdown() + "\n" + text[end:]
    with open(path, "w") as f:
        f.write(text)


def run(quick, names):
    os.makedirs(os.path.join(RESULTS, "raw"), exist_ok=True)
    env = dict(os.environ, BENCH_MODE="quick" if quick else "full")
    if quick:
        env.update(QUICK_CORPUS_ENV)
    failed, took = [], []
    for name, _, _, _, full, quick_command in BENCHMARKS:
        if names and name not in names:
            continue
        command = quick_command if quick else full
        if command is None:
            continue  # not in --quick
        if name == "rpc-instructions-echo" and (not names or "rpc-instructions-ping" in names):
            continue  # guard.sh measures both; it runs once
        log = os.path.join(RESULTS, "raw", name + ".log")
        print("== %s: %s (log: %s)" % (name, command, os.path.relpath(log, ROOT)), flush=True)
        start = time.monotonic()
        with open(log, "w") as f:
            status = subprocess.run(["bash", "-c", "set -o pipefail; " + command], cwd=ROOT, env=env,
                                    stdout=f, stderr=subprocess.STDOUT).returncode
        took.append((name, time.monotonic() - start))
        if status != 0:
            failed.append(name)
            print("   failed (exit %d); the end of its log:" % status, flush=True)
            print("".join("   " + line for line in open(log).readlines()[-8:]), flush=True)
        else:
            print("   %.0f s" % took[-1][1], flush=True)
    readme()
    print()
    print(plain())
    print()
    print("took: " + ", ".join("%s %.0f s" % t for t in took) + "; total %.0f s" % sum(t for _, t in took))
    if failed:
        print("failed: " + ", ".join(failed) + " (their rows show the last result they wrote, if any)")
    return 1 if failed else 0


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    command, args = argv[0], argv[1:]
    if command == "table":
        print(markdown() if "--markdown" in args else plain())
    elif command == "readme":
        readme()
    elif command == "list":
        for name, what, anchor, goal, full, quick in BENCHMARKS:
            print("%-22s %s\n%22s quick: %s" % (name, full, "", quick or "(not in --quick)"))
    elif command == "run":
        quick = "--quick" in args
        names = [a for a in args if not a.startswith("--")]
        unknown = [n for n in names if n not in NAMES]
        if unknown:
            sys.exit("suite.py: no benchmark named %s (suite.py list)" % ", ".join(unknown))
        return run(quick, names)
    else:
        sys.exit("suite.py: run, table, readme or list, not %r" % command)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
