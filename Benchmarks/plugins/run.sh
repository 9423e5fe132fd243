#!/usr/bin/env bash
# What a handler plugin costs the core, in one run on one machine (release build, docs/plugins.md):
#   1. a call to bench.echo, answered by the C plugin bench-echo.c beside this script, against system.ping, both
#      driven by ../shared/bench/loadgen against the same core at 1 x 1 and 8 x 16 (conns x depth), alternated
#      rep by rep; and one pipe round trip to the same plugin without the core (bench-echo --pipe-rtt);
#   2. start to ready with the four shipped plugins (exec of `toolkit serve --plugin .build/shipped-plugins`
#      until plugins.list shows none starting or handshaking) against --no-plugins (exec until the socket
#      accepts), alternated, --runs times each;
#   3. the core's idle RSS (VmRSS, 2 s after settling) with the four and with none, and the plugins' own.
#
#   Benchmarks/plugins/run.sh [--secs S] [--reps R] [--runs N]
#
# Writes Benchmarks/results/raw/plugins.json, prints a table with the goals, and writes the suite's result
# (Benchmarks/results/plugins.json: bench.echo's rps at 8 x 16 against system.ping's, goal >= 30 %). TOOLKIT_BIN=/path/to/toolkit
# measures that binary instead of building this tree's, with the shipped plugins of SHIPPED_PLUGINS=DIR (default:
# .build/shipped-plugins, as make plugins stages them). COMPARE_BIN=/path/to/other/toolkit measures that build too,
# side by side: its calls alternated with this build's rep by rep, its idle RSS with none, and a before/after table.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
SECS=3 REPS=3 RUNS=20
ARGV=("$@")
while [ $# -gt 0 ]; do
    case $1 in
        --secs) SECS=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ -f "$BENCH/loadgen/loadgen.c" ] || { echo "run.sh: no loadgen at $BENCH/loadgen" >&2; exit 1; }
OUT=$ROOT/Benchmarks/results/raw
mkdir -p "$OUT"
TMP=$(mktemp -d /tmp/toolkit-bench-plugins.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

if [ -n "${TOOLKIT_BIN:-}" ]; then
    BIN=$TOOLKIT_BIN
else
    echo "== building toolkit and the shipped plugins (release)" >&2
    make -s -C "$ROOT" release plugins >&2
    BIN=$ROOT/.build/release/toolkit
fi
SHIPPED=${SHIPPED_PLUGINS:-$ROOT/.build/shipped-plugins}
[ -d "$SHIPPED" ] || { echo "run.sh: no $SHIPPED (make plugins)" >&2; exit 1; }
LOADGEN=$BENCH/loadgen/loadgen
if [ -w "$BENCH/loadgen" ]; then
    make -s -C "$BENCH/loadgen" >&2
else  # the shared folder may be read-only: build a private copy
    cp -r "$BENCH/loadgen" "$BENCH/common" "$TMP/" && chmod -R u+w "$TMP/loadgen"
    make -s -C "$TMP/loadgen" >&2 && LOADGEN=$TMP/loadgen/loadgen
fi
mkdir -p "$TMP/echo"
cc -O2 -o "$TMP/echo/bench-echo" "$ROOT/Benchmarks/plugins/bench-echo.c"

python3 - "$BIN" "$SHIPPED" "$TMP" "$LOADGEN" "$SECS" "$REPS" "$RUNS" "${COMPARE_BIN:-}" \
    >"$OUT/plugins.json" <<'PY'
import json, os, signal, socket, statistics, subprocess, sys, time
binary, shipped, tmp, loadgen = sys.argv[1:5]
secs, reps, runs = float(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
compare = sys.argv[8] if len(sys.argv) > 8 and sys.argv[8] else None
echo = os.path.join(tmp, "echo", "bench-echo")
# No config file, no user plugins: only what the command line names. PATH is Debian's (BENCH_PATH to change it):
# a python3 found through pyenv's shims, say, starts through a dozen bash processes first.
env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(tmp, "config"), XDG_DATA_HOME=os.path.join(tmp, "xdg-data"),
           PATH=os.environ.get("BENCH_PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"))
SETTLING = ("starting", "handshaking")

def say(text):
    print("   " + text, file=sys.stderr, flush=True)

def start(tag, plugin_args, exe=binary):
    path = os.path.join(tmp, tag + ".sock")
    t0 = time.perf_counter()
    core = subprocess.Popen([exe, "serve", "--socket", path, "--data-dir", os.path.join(tmp, "data-" + tag),
                             "--log-level", "error"] + plugin_args, env=env, stderr=subprocess.DEVNULL)
    while True:
        try:
            s = socket.socket(socket.AF_UNIX); s.connect(path); break
        except OSError:
            s.close()
            if core.poll() is not None:
                sys.exit("run.sh: the core exited with %d" % core.returncode)
            time.sleep(0.0005)
    return core, path, s, (time.perf_counter() - t0) * 1000, t0

class Client:
    def __init__(self, s):
        self.s, self.buf, self.id = s, b"", 0
    def call(self, method, params=None):
        self.id += 1
        msg = {"jsonrpc": "2.0", "id": self.id, "method": method}
        if params is not None:
            msg["params"] = params
        self.s.sendall(json.dumps(msg).encode() + b"\n")
        while b"\n" not in self.buf:
            chunk = self.s.recv(1 << 16)
            if not chunk:
                raise RuntimeError("the core closed the connection")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError("%s: %s" % (method, reply["error"]))
        return reply["result"]

def stop(core):
    core.send_signal(signal.SIGTERM)
    try:
        core.wait(10)
    except subprocess.TimeoutExpired:
        core.kill(); core.wait()

def evict(path):
    """Drops a file's pages from the page cache, so the next start reads it back as after a reboot. A binary just
    written (a copy, a fresh build) stays cached in larger pieces that count about 2.5 MiB more resident in every
    process mapping it: the same bytes measured 30.8 MiB idle as a fresh copy and 28.2 once dropped."""
    fd = os.open(os.path.realpath(path), os.O_RDONLY)
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)

def vmrss_mib(pid):
    try:
        for line in open("/proc/%d/status" % pid):
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None

def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def med(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 2) if values else None

# 1. bench.echo against system.ping on one core (and on COMPARE_BIN's core, alternated build by build).
say("1. bench.echo vs system.ping" + (" on this build and on %s, alternated" % compare if compare else ""))

def start_echo(tag, exe):
    core, path, s, _, _ = start(tag, ["--plugin", echo], exe)
    client = Client(s)
    for _ in range(2000):
        plugins = client.call("plugins.list")["items"]
        if plugins and plugins[0]["state"] not in SETTLING:
            break
        time.sleep(0.005)
    if not plugins or plugins[0]["state"] != "ready":
        sys.exit("run.sh: bench-echo is not ready: %s" % json.dumps(plugins))
    assert client.call("bench.echo", {"n": 1}) == {"n": 1}
    return {"core": core, "path": path, "sock": s, "client": client, "plugin_pid": plugins[0]["pid"]}

builds = [("", start_echo("echo", binary))] + ([("before-", start_echo("echo-before", compare))] if compare else [])
points = [(1, 1), (8, 16)]
methods = [("ping", "system.ping", None), ("echo", "bench.echo", '{"n":1}')]
raw = {}
rtts = []
for rep in range(reps):
    rtts.append(json.loads(subprocess.run([echo, "--pipe-rtt", "20000"], check=True, capture_output=True,
                                          text=True).stdout))
    for (c, d) in points:
        for (prefix, b) in (builds if rep % 2 == 0 else builds[::-1]):
            for (tag, method, params) in (methods if rep % 2 == 0 else methods[::-1]):
                cmd = [loadgen, "--socket", b["path"], "--conns", str(c), "--depth", str(d), "--warmup", "0.5",
                       "--duration", str(secs), "--method", method]
                if params:
                    cmd += ["--params", params]
                before = (cpu_seconds(b["core"].pid), cpu_seconds(b["plugin_pid"]))
                r = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
                after = (cpu_seconds(b["core"].pid), cpu_seconds(b["plugin_pid"]))
                # CPU per request over warmup and measurement (loadgen counts only the latter: an estimate).
                total = r["requests"] * (secs + 0.5) / secs
                r["core_cpu_us"] = round((after[0] - before[0]) * 1e6 / total, 2)
                r["plugin_cpu_us"] = round((after[1] - before[1]) * 1e6 / total, 2)
                raw.setdefault("%s%s-%dx%d" % (prefix, tag, c, d), []).append(r)
                say("rep %d %s%s %dx%d: %.0f rps, p50 %.1f us, p99 %.1f us, errors %d, core %.1f us CPU/req" % (
                    rep + 1, prefix, method, c, d, r["rps"], r["p50_us"], r["p99_us"], r["errors"],
                    r["core_cpu_us"]))
echo_record = builds[0][1]["client"].call("plugins.list")["items"][0]
for _, b in builds:
    b["sock"].close(); stop(b["core"])
calls = {key: {field: med([r[field] for r in rs]) for field in
               ("rps", "p50_us", "p99_us", "errors", "core_cpu_us", "plugin_cpu_us")} for key, rs in raw.items()}
pipe = {field: med([r[field] for r in rtts]) for field in ("p50_us", "p99_us", "mean_us")}

# 2. and 3. start to ready and idle RSS, four shipped plugins against none, alternated.
say("2. start to ready, 3. idle RSS (%d runs each)" % runs)
for exe in [binary] + ([compare] if compare else []) + [os.path.join(shipped, n, n) for n in os.listdir(shipped)]:
    evict(exe)
start_ms = {"none": [], "four": []}
socket_ms_four, settled_states, plugin_ms, rss = [], None, {}, {"none": [], "four": [], "plugins": {}}
for run in range(runs):
    for kind in (("none", "four") if run % 2 == 0 else ("four", "none")):
        args = ["--no-plugins"] if kind == "none" else ["--plugin", shipped]
        core, path, s, socket_ms, t0 = start("%s%d" % (kind, run), args)
        client, settle_at = Client(s), {}
        if kind == "none":
            start_ms["none"].append(socket_ms)
        else:
            socket_ms_four.append(socket_ms)
            while True:
                plugins = client.call("plugins.list")["items"]
                now = (time.perf_counter() - t0) * 1000
                for p in plugins:
                    if p["state"] not in SETTLING and p["name"] not in settle_at:
                        settle_at[p["name"]] = now
                if len(plugins) >= 4 and all(p["state"] not in SETTLING for p in plugins):
                    break
                time.sleep(0.002)
            for name, ms in settle_at.items():
                plugin_ms.setdefault(name, []).append(ms)
            start_ms["four"].append((time.perf_counter() - t0) * 1000)
            settled_states = {p["name"]: [p["state"], p.get("reason")] for p in plugins}
        if run < reps:
            time.sleep(2.0)
            rss[kind].append(vmrss_mib(core.pid))
            if kind == "four":
                for p in client.call("plugins.list")["items"]:
                    if p.get("pid"):
                        rss["plugins"].setdefault(p["name"], []).append(vmrss_mib(p["pid"]))
        s.close(); stop(core)
    say("run %d: none %.1f ms, four %.1f ms (socket %.1f ms)" % (
        run + 1, start_ms["none"][-1], start_ms["four"][-1], socket_ms_four[-1]))

# The idle RSS of the two builds with no plugins, alternated (COMPARE_BIN only).
rss_compare = {"this": [], "before": []}
for run in range(reps if compare else 0):
    pair = (("this", binary), ("before", compare))
    for kind, exe in (pair if run % 2 == 0 else pair[::-1]):
        core, path, s, _, _ = start("rss-%s%d" % (kind, run), ["--no-plugins"], exe)
        Client(s).call("system.ping")
        time.sleep(2.0)
        rss_compare[kind].append(vmrss_mib(core.pid))
        s.close(); stop(core)

# Each shipped plugin's handshake alone, without the core: exec, getmanifest, init (answered), as the core sends
# them over a pipe pair; wall time to the init answer, and the CPU time of the plugin and its children to exit.
say("each shipped plugin's handshake without the core (%d times each)" % reps)
import resource
alone = {}
for name in sorted(os.listdir(shipped)):
    exe = os.path.join(shipped, name, name)
    for _ in range(reps):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                env=dict(env, TOOLKIT_PLUGIN_NAME=name), cwd=tmp)
        answers = []
        for i, (method, params) in enumerate([("getmanifest", {"protocol": 1}), ("init", {
                "protocol": 1, "name": name, "socket": os.path.join(tmp, "absent.sock"),
                "dataDir": os.path.join(tmp, "data-alone"), "options": {}})]):
            proc.stdin.write((json.dumps({"jsonrpc": "2.0", "id": i + 1, "method": method, "params": params})
                              + "\n").encode())
            proc.stdin.flush()
            answers.append(proc.stdout.readline())
        ms = (time.perf_counter() - t0) * 1000
        proc.stdin.close(); proc.wait(10)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000
        entry = alone.setdefault(name, {"ms": [], "cpu_ms": [], "answered": all(answers)})
        entry["ms"].append(ms); entry["cpu_ms"].append(cpu)
handshake_alone = {n: {"ms_p50": med(e["ms"]), "cpu_ms_p50": med(e["cpu_ms"]), "answered": e["answered"]}
                   for n, e in alone.items()}

print(json.dumps({
    "date": time.strftime("%Y-%m-%d %H:%M"), "secs": secs, "reps": reps, "runs": runs,
    "calls": calls, "pipe_rtt": pipe, "raw": raw,
    "echo_plugin": {k: echo_record.get(k) for k in ("calls", "errors", "p50Milliseconds", "restarts")},
    "start_ms": {kind: {"p50": med(v), "max": round(max(v), 1)} for kind, v in start_ms.items()},
    "socket_ms_four": {"p50": med(socket_ms_four), "max": round(max(socket_ms_four), 1)},
    "handshake_alone": handshake_alone, "path": env["PATH"],
    "start_ms_raw": start_ms, "settled_states": settled_states,
    "plugin_settled_ms": {name: {"p50": med(v), "max": round(max(v), 1)} for name, v in plugin_ms.items()},
    "compare": compare, "idle_rss_mib_compare": {k: med(v) for k, v in rss_compare.items()} if compare else None,
    "idle_rss_mib": {"none": med(rss["none"]), "four": med(rss["four"]),
                     "plugins": {name: med(v) for name, v in rss["plugins"].items()}},
}, indent=1))
PY

python3 - "$OUT/plugins.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
c, pipe = r["calls"], r["pipe_rtt"]
ping1, echo1, ping8, echo8 = c["ping-1x1"], c["echo-1x1"], c["ping-8x16"], c["echo-8x16"]
goal_p50 = 2 * ping1["p50_us"] + pipe["p50_us"]
def ok(flag): return "met" if flag else "MISSED"
print("| point | system.ping | bench.echo | echo/ping | goal |")
print("|---|---:|---:|---:|---|")
print("| p50 µs at 1 × 1 | %.1f | %.1f | %.2f× | ≤ 2 × ping + pipe RTT (%.1f) = %.1f: %s |" % (
    ping1["p50_us"], echo1["p50_us"], echo1["p50_us"] / ping1["p50_us"], pipe["p50_us"], goal_p50,
    ok(echo1["p50_us"] <= goal_p50)))
print("| p99 µs at 1 × 1 | %.1f | %.1f | %.2f× | |" % (ping1["p99_us"], echo1["p99_us"], echo1["p99_us"] / ping1["p99_us"]))
print("| rps at 1 × 1 | %s | %s | %.0f %% | |" % (f"{ping1['rps']:,.0f}", f"{echo1['rps']:,.0f}", 100 * echo1["rps"] / ping1["rps"]))
print("| rps at 8 × 16 | %s | %s | %.0f %% | ≥ 30 %%: %s |" % (
    f"{ping8['rps']:,.0f}", f"{echo8['rps']:,.0f}", 100 * echo8["rps"] / ping8["rps"], ok(echo8["rps"] >= 0.3 * ping8["rps"])))
print("| p50 µs at 8 × 16 | %.1f | %.1f | %.2f× | |" % (ping8["p50_us"], echo8["p50_us"], echo8["p50_us"] / ping8["p50_us"]))
print("| core CPU µs per request at 8 × 16 | %.1f | %.1f | %.2f× | |" % (
    ping8["core_cpu_us"], echo8["core_cpu_us"], echo8["core_cpu_us"] / max(ping8["core_cpu_us"], 0.01)))
print("| plugin CPU µs per request at 8 × 16 | | %.1f | | |" % echo8["plugin_cpu_us"])
print("| errors (max of medians) | %d | %d | | |" % (max(ping1["errors"], ping8["errors"]), max(echo1["errors"], echo8["errors"])))
print()
s, m = r["start_ms"], r["idle_rss_mib"]
print("| | --no-plugins | four shipped plugins | goal |")
print("|---|---:|---:|---|")
print("| start to ready p50 ms (%d runs) | %.1f | %.1f | ≤ 400: %s |" % (r["runs"], s["none"]["p50"], s["four"]["p50"], ok(s["four"]["p50"] <= 400)))
print("| start to ready max ms | %.1f | %.1f | ≤ 400: %s |" % (s["none"]["max"], s["four"]["max"], ok(s["four"]["max"] <= 400)))
print("| core idle RSS MiB | %.1f | %.1f | ≤ 30: %s |" % (m["none"], m["four"], ok(m["four"] <= 30)))
print()
print("pipe round trip to bench-echo without the core (bench-echo --pipe-rtt): p50 %.1f µs, p99 %.1f µs" % (
    pipe["p50_us"], pipe["p99_us"]))
print("four plugins: socket ready p50 %.1f ms; settled as %s" % (r["socket_ms_four"]["p50"], ", ".join(
    "%s %s" % (name, state[0]) for name, state in r["settled_states"].items())))
print("each plugin out of starting/handshaking, ms from exec, p50 (max): %s" % ", ".join(
    "%s %.0f (%.0f)" % (n, v["p50"], v["max"]) for n, v in r["plugin_settled_ms"].items()))
print("each plugin's handshake alone (exec to init answered) ms, and CPU ms to exit, p50: %s" % ", ".join(
    "%s %.0f / %.0f CPU%s" % (n, v["ms_p50"], v["cpu_ms_p50"], "" if v["answered"] else " (no answer)")
    for n, v in r["handshake_alone"].items()))
if r.get("compare"):
    b1, b8, a1, a8 = c["before-ping-1x1"], c["before-echo-1x1"], c["ping-1x1"], c["echo-1x1"]
    bp8, be8 = c["before-ping-8x16"], c["before-echo-8x16"]
    print()
    print("before: %s; after: %s (alternated rep by rep on one machine)" % (r["compare"], "this build"))
    print()
    print("| point | before: ping | before: echo | echo/ping | after: ping | after: echo | echo/ping |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    def row(label, field, fmt, ping_b, echo_b, ping_a, echo_a, ratio):
        print("| %s | %s | %s | %s | %s | %s | %s |" % (
            label, fmt(ping_b[field]), fmt(echo_b[field]), ratio(echo_b[field], ping_b[field]),
            fmt(ping_a[field]), fmt(echo_a[field]), ratio(echo_a[field], ping_a[field])))
    pct = lambda e, p: "%.0f %%" % (100 * e / p)
    times = lambda e, p: "%.2f×" % (e / max(p, 0.01))
    count, micro = (lambda v: f"{v:,.0f}"), (lambda v: "%.1f" % v)
    p8, e8 = c["ping-8x16"], c["echo-8x16"]
    row("rps at 8 × 16", "rps", count, bp8, be8, p8, e8, pct)
    row("core CPU µs per request at 8 × 16", "core_cpu_us", micro, bp8, be8, p8, e8, times)
    row("p50 µs at 8 × 16", "p50_us", micro, bp8, be8, p8, e8, times)
    row("rps at 1 × 1", "rps", count, b1, b8, a1, a8, pct)
    row("p50 µs at 1 × 1", "p50_us", micro, b1, b8, a1, a8, times)
    m2 = r["idle_rss_mib_compare"]
    print("core idle RSS MiB, --no-plugins: before %.1f, after %.1f" % (m2["before"], m2["this"]))
print("plugins' own idle RSS MiB: %s" % ", ".join("%s %.1f" % (n, v) for n, v in r["idle_rss_mib"]["plugins"].items()))
PY

python3 - "$OUT/plugins.json" "$ROOT/Benchmarks" "${ARGV[@]}" <<'PY'
import json, sys
sys.path.insert(0, sys.argv[2])
import result
r = json.load(open(sys.argv[1]))
c = r["calls"]
ping8, echo8, ping1, echo1 = c["ping-8x16"], c["echo-8x16"], c["ping-1x1"], c["echo-1x1"]
result.write("plugins", echo8["rps"], "rps", "bench.echo rps at 8 x 16 through the C plugin", ping8["rps"],
             "system.ping rps on the same core, alternated rep by rep", goal="ratio >= 0.3",
             command=" ".join(["Benchmarks/plugins/run.sh"] + sys.argv[3:]),
             extra={"echo_p50_us_1x1": echo1["p50_us"], "ping_p50_us_1x1": ping1["p50_us"],
                    "pipe_rtt_p50_us": r["pipe_rtt"]["p50_us"], "start_ms_four": r["start_ms"].get("four"),
                    "idle_rss_mib": {k: r["idle_rss_mib"][k] for k in ("none", "four")}})
PY
