#!/usr/bin/env python3
"""Measures `toolkit mcp` against the core it bridges, in one run (see run.sh).

usage: bench.py --bin TOOLKIT --catalogue-bin BENCH_MCP_CATALOGUE --out RAWDIR [--calls N] [--rounds R]

Prints a table and writes RAWDIR/mcp.json (every sample's percentiles) and the suite's result.
"""
import argparse, json, os, shutil, signal, socket, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import result  # noqa: E402


def say(text):
    print(text, file=sys.stderr, flush=True)


class Lines:
    """Newline-delimited JSON on a pair of file descriptors, read and written with plain os calls, so that the
    client's own cost is the same small loop for the socket, the pipe and the bridge."""

    def __init__(self, read_fd, write_fd):
        self.read_fd, self.write_fd, self.pending = read_fd, write_fd, b""

    def send(self, message):
        os.write(self.write_fd, json.dumps(message, separators=(",", ":")).encode() + b"\n")

    def send_bytes(self, data):
        os.write(self.write_fd, data)

    def line(self):
        while b"\n" not in self.pending:
            chunk = os.read(self.read_fd, 1 << 16)
            if not chunk:
                sys.exit("bench.py: the other end closed")
            self.pending += chunk
        line, _, self.pending = self.pending.partition(b"\n")
        return line

    def answer(self, id):
        """The answer to request `id`, skipping notifications."""
        while True:
            message = json.loads(self.line())
            if message.get("id") == id:
                if "error" in message:
                    sys.exit("bench.py: %s" % message["error"])
                return message["result"]


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def evict(path):
    """Drops the binary's pages from the page cache, so that its RSS does not depend on how it was written."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    finally:
        os.close(fd)


def memory(pid):
    """VmRSS, RssAnon and RssFile of a process, in MiB."""
    fields = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "RssAnon", "RssFile"):
                fields[name] = int(value.split()[0]) / 1024
    return fields


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--catalogue-bin", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--calls", type=int, default=4000, help="timed calls per method and path")
    parser.add_argument("--rounds", type=int, default=8, help="the calls in this many alternated rounds")
    parser.add_argument("--command", default="Benchmarks/mcp/run.sh")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="toolkit-mcp-bench.")
    processes = []
    try:
        environment = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"))
        sock_path = os.path.join(work, "core.sock")
        evict(args.bin)
        core = subprocess.Popen(
            [args.bin, "serve", "--socket", sock_path, "--data-dir", os.path.join(work, "data"), "--no-plugins",
             "--log-level", "error"], env=environment)
        processes.append(core)
        for _ in range(1000):
            if os.path.exists(sock_path):
                break
            time.sleep(0.01)
        connection = socket.socket(socket.AF_UNIX)
        connection.connect(sock_path)
        direct = Lines(connection.fileno(), connection.fileno())
        direct.send({"jsonrpc": "2.0", "id": 1, "method": "pets.create", "params": {"name": "Bori"}})
        pet = direct.answer(1)["id"]
        direct.send({"jsonrpc": "2.0", "id": 2, "method": "rpc.discover"})
        discovery = direct.answer(2)

        # b. The tool list of 64 methods, in process: the core's own methods, as many copies under other names
        # as make 64 (a plugin's methods look the same), timed against reading the document.
        methods = discovery["methods"]
        while len(methods) < 64:
            copy = dict(methods[len(methods) % len(discovery["methods"])])
            copy["name"] = "plugin%d.%s" % (len(methods), copy["name"])
            methods.append(copy)
        discovery["methods"] = methods[:64]
        document = os.path.join(work, "discover-64.json")
        with open(document, "w") as f:
            json.dump(discovery, f)
        catalogue = json.loads(subprocess.run([args.catalogue_bin, document, "200"], check=True,
                                              capture_output=True, text=True).stdout)
        if catalogue["methods"] != 64:
            sys.exit("bench.py: the document has %d methods, not 64" % catalogue["methods"])

        # c. The bridge, initialized and its tools listed, then idle: its RSS against the idle core's.
        evict(args.bin)
        log = open(os.path.join(args.out, "mcp-bridge.log"), "wb")
        bridge_process = subprocess.Popen([args.bin, "mcp", "--socket", sock_path], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=log, env=environment)
        processes.append(bridge_process)
        bridge = Lines(bridge_process.stdout.fileno(), bridge_process.stdin.fileno())
        bridge.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
        bridge.answer(1)
        bridge.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        bridge.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
        listed = [tool["name"] for tool in bridge.answer(2)["tools"]]
        for name in ("system_ping", "pets_get"):
            if name not in listed:
                sys.exit("bench.py: tools/list has no %s: %s" % (name, listed))
        time.sleep(2)
        bridge_idle, core_idle = memory(bridge_process.pid), memory(core.pid)

        # a. Round trips: the same call over the socket, through the bridge, and a line of the same size
        # through cat, alternated round by round.
        cat = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        processes.append(cat)
        piped = Lines(cat.stdout.fileno(), cat.stdin.fileno())
        calls = {"system_ping": ("system.ping", {}), "pets_get": ("pets.get", {"id": pet})}
        samples = {}
        next_id = [10]

        def over_socket(method, params):
            next_id[0] += 1
            direct.send({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params})
            direct.answer(next_id[0])

        def through_bridge(tool, params):
            next_id[0] += 1
            bridge.send({"jsonrpc": "2.0", "id": next_id[0], "method": "tools/call",
                         "params": {"name": tool, "arguments": params}})
            if bridge.answer(next_id[0]).get("isError"):
                sys.exit("bench.py: %s failed through the bridge" % tool)

        line = json.dumps({"jsonrpc": "2.0", "id": 12345, "method": "tools/call",
                           "params": {"name": "pets_get", "arguments": {"id": pet}}}).encode() + b"\n"

        def through_cat():
            piped.send_bytes(line)
            piped.line()

        def measure(key, action, count):
            times = samples.setdefault(key, [])
            for _ in range(count):
                start = time.perf_counter_ns()
                action()
                times.append((time.perf_counter_ns() - start) / 1000)

        for tool, (method, params) in calls.items():  # warm up, not counted
            for _ in range(200):
                over_socket(method, params), through_bridge(tool, params), through_cat()
        per_round = max(1, args.calls // args.rounds)
        for rep in range(args.rounds):
            order = [
                ("pipe", lambda: through_cat()),
                *[("socket " + tool, (lambda m=m, p=p: over_socket(m, p))) for tool, (m, p) in calls.items()],
                *[("bridge " + tool, (lambda t=tool, p=p: through_bridge(t, p))) for tool, (_, p) in calls.items()],
            ]
            for key, action in (order if rep % 2 == 0 else order[::-1]):
                measure(key, action, per_round)
        bridge_after = memory(bridge_process.pid)
    finally:
        for process in processes:
            process.send_signal(signal.SIGTERM)
            process.wait()
        shutil.rmtree(work, ignore_errors=True)

    stats = {key: {"calls": len(times), "p50_us": round(percentile(times, 0.5), 1),
                   "p99_us": round(percentile(times, 0.99), 1)} for key, times in samples.items()}
    pipe = stats["pipe"]
    rows = []
    for tool in calls:
        bridged, direct_call = stats["bridge " + tool], stats["socket " + tool]
        for p in ("p50_us", "p99_us"):
            anchor = direct_call[p] + pipe[p]
            rows.append({"measure": "%s %s" % (tool, p[:3]), "figure": bridged[p], "unit": "µs",
                         "anchor": anchor, "anchor_name": "socket %.1f + pipe %.1f" % (direct_call[p], pipe[p]),
                         "ratio": bridged[p] / anchor, "goal": 2.0})
    rows.append({"measure": "tool list of 64 (first)", "figure": catalogue["catalogue_first_ms"], "unit": "ms",
                 "anchor": catalogue["decode_first_ms"], "anchor_name": "reading the document, first",
                 "ratio": catalogue["catalogue_first_ms"] / catalogue["decode_first_ms"], "goal_figure": 50.0})
    rows.append({"measure": "tool list of 64 (p50)", "figure": catalogue["catalogue_p50_ms"], "unit": "ms",
                 "anchor": catalogue["decode_p50_ms"], "anchor_name": "reading the document, p50",
                 "ratio": catalogue["catalogue_p50_ms"] / catalogue["decode_p50_ms"], "goal_figure": 50.0})
    rows.append({"measure": "bridge idle RSS", "figure": bridge_idle["VmRSS"], "unit": "MiB",
                 "anchor": core_idle["VmRSS"], "anchor_name": "the idle core (--no-plugins)",
                 "ratio": bridge_idle["VmRSS"] / core_idle["VmRSS"], "goal_figure": 20.0})
    for row in rows:
        if "goal" in row:
            row["met"] = row["ratio"] <= row["goal"]
            row["goal_text"] = "≤ %.0f × (socket + pipe)" % row["goal"]
        else:
            row["met"] = row["figure"] < row["goal_figure"]
            row["goal_text"] = "< %g %s" % (row["goal_figure"], row["unit"])
    raw = {"stats": stats, "catalogue": catalogue, "bridge_idle": bridge_idle, "core_idle": core_idle,
           "bridge_after_calls": bridge_after, "rows": rows}
    with open(os.path.join(args.out, "mcp.json"), "w") as f:
        json.dump(raw, f, indent=1, ensure_ascii=False)
    print("| measure | figure | anchor, same run | ratio | goal | |")
    print("|---|---:|---|---:|---|---|")
    for row in rows:
        print("| %s | %.3g %s | %s: %.3g %s | %.2f | %s | %s |" % (
            row["measure"], row["figure"], row["unit"], row["anchor_name"], row["anchor"], row["unit"], row["ratio"],
            row["goal_text"], "met" if row["met"] else "**missed**"))
    print("calls per measure: %d; pipe p50 %.1f µs, p99 %.1f µs; bridge RSS after the calls %.1f MiB "
          "(RssAnon %.1f, RssFile %.1f)" % (pipe["calls"], pipe["p50_us"], pipe["p99_us"], bridge_after["VmRSS"],
                                            bridge_after["RssAnon"], bridge_after["RssFile"]))
    first = next(row for row in rows if row["measure"] == "pets_get p50")
    result.write("mcp", first["figure"], "µs", "`pets_get` through `toolkit mcp`, p50 over %d calls" % pipe["calls"],
                 first["anchor"], "the same call over the socket + a pipe round trip through cat, p50",
                 goal="ratio <= 2", command=args.command,
                 extra={row["measure"]: {"figure": round(row["figure"], 3), "unit": row["unit"],
                                         "anchor": round(row["anchor"], 3), "ratio": round(row["ratio"], 3),
                                         "goal": row["goal_text"], "met": row["met"]} for row in rows})


if __name__ == "__main__":
    main()
