#!/usr/bin/env python3
"""Writes one benchmark's result, Benchmarks/results/NAME.json, for suite.py's table.

    Benchmarks/result.py NAME --figure F --unit U [--anchor A --anchor-name TEXT] [--ratio R]
                         [--goal 'ratio >= 0.9'] [--command CMD] [--note TEXT] [--extra JSON]

The ratio is F / A unless given (for a figure whose anchor is not in its own unit, say rps against rps of
another method). A goal is "ratio OP NUMBER" or "figure OP NUMBER" with OP one of >= <=; the result says
whether it is met. The commit (with -dirty when the tree has changes) and the UTC date are added here, so
every script records them the same way. Every benchmark script calls this once, at its end, with what it
measured in that run: a figure is never written by hand.
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def commit():
    def git(*args):
        return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True).stdout.strip()
    head = git("rev-parse", "--short=12", "HEAD") or "unknown"
    # Only the code measured makes a build dirty: results, docs and the benchmark scripts do not.
    dirty = git("status", "--porcelain", "--", "Sources", "Package.swift", "Package.resolved", "Plugins")
    return head + ("-dirty" if dirty else "")


def goal_met(goal, figure, ratio):
    if not goal:
        return None
    match = re.fullmatch(r"\s*(ratio|figure)\s*(>=|<=)\s*([0-9.eE+-]+)\s*", goal)
    if not match:
        sys.exit("result.py: a goal is 'ratio >= N', 'ratio <= N', 'figure >= N' or 'figure <= N', not %r" % goal)
    value = ratio if match[1] == "ratio" else figure
    if value is None:
        return None
    limit = float(match[3])
    return value >= limit if match[2] == ">=" else value <= limit


def write(name, figure, unit, what="", anchor=None, anchor_name="", ratio=None, goal="", command="", note="",
          extra=None, out=os.path.join(HERE, "results")):
    """Writes out/NAME.json and returns its path (for the scripts written in Python)."""
    if ratio is None and anchor:
        ratio = figure / anchor
    result = {
        "name": name, "what": what, "figure": figure, "unit": unit, "anchor": anchor_name,
        "anchor_figure": anchor, "ratio": None if ratio is None else round(ratio, 4), "goal": goal,
        "met": goal_met(goal, figure, ratio), "mode": os.environ.get("BENCH_MODE", "full"), "commit": commit(),
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "command": command, "note": note, "load": open("/proc/loadavg").read().split()[:3], "extra": extra or {},
    }
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, name + ".json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print("result: %s = %s %s%s -> %s" % (
        name, figure, unit, "" if ratio is None else " (ratio %.4f to %s)" % (ratio, anchor_name or "anchor"),
        os.path.relpath(path)), file=sys.stderr)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name")
    parser.add_argument("--figure", type=float, required=True)
    parser.add_argument("--unit", required=True)
    parser.add_argument("--what", default="", help="what the figure is, in a few words")
    parser.add_argument("--anchor", type=float, help="the anchor's figure, measured in the same run")
    parser.add_argument("--anchor-name", default="", help="what the anchor is")
    parser.add_argument("--ratio", type=float, help="default: figure / anchor")
    parser.add_argument("--goal", default="", help="'ratio >= 0.9', 'figure <= 64', ...")
    parser.add_argument("--command", default="", help="the command that measured it")
    parser.add_argument("--note", default="")
    parser.add_argument("--extra", default="{}", help="a JSON object of other figures of the same run")
    parser.add_argument("--out", default=os.path.join(HERE, "results"))
    args = parser.parse_args()
    write(args.name, args.figure, args.unit, args.what, args.anchor, args.anchor_name, args.ratio, args.goal,
          args.command, args.note, json.loads(args.extra), args.out)


if __name__ == "__main__":
    main()
