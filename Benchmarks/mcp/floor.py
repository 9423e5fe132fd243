#!/usr/bin/env python3
"""How near a bridge can come to its goal: system.ping's p50 over the core's socket, through `cat`, through
relay.c (a bridge that only copies bytes, in blocking reads and writes) and as a `tools/call` through
`toolkit mcp`, in interleaved rounds from one lean client loop. Prints the p50s and the two ratios to
socket + cat.

    Benchmarks/mcp/floor.py [--bin .build/release/toolkit] [--rounds 10] [--calls 400]
"""
import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PING = b'{"jsonrpc":"2.0","id":1,"method":"system.ping"}\n'
CALL = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"system_ping","arguments":{}}}\n'


def piped(argv):
    process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def call(line):
        process.stdin.write(line)
        process.stdin.flush()
        return process.stdout.readline()

    return process, call


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=os.path.join(HERE, "..", "..", ".build", "release", "toolkit"))
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--calls", type=int, default=400)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="mcp-floor-")
    relay = os.path.join(work, "relay")
    subprocess.run(["cc", "-O2", "-pthread", "-o", relay, os.path.join(HERE, "relay.c")], check=True)
    path = os.path.join(work, "core.sock")
    core = subprocess.Popen([args.bin, "serve", "--no-plugins", "--socket", path, "--data-dir",
                             os.path.join(work, "data")], stderr=subprocess.DEVNULL)
    processes = [core]
    try:
        while not os.path.exists(path):
            if core.poll() is not None:
                sys.exit("floor.py: the core did not start")
            time.sleep(0.05)
        time.sleep(0.5)
        direct = socket.socket(socket.AF_UNIX)
        direct.connect(path)
        answers = direct.makefile("rb")
        cat, through_cat = piped(["cat"])
        copier, through_relay = piped([relay, path])
        bridge, through_bridge = piped([args.bin, "mcp", "--socket", path])
        processes += [cat, copier, bridge]
        through_bridge(b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
                       b'"capabilities":{},"clientInfo":{"name":"floor","version":"1"}}}\n')
        bridge.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')

        def over_socket(line):
            direct.sendall(line)
            return answers.readline()

        ways = {"socket": (over_socket, PING), "cat": (through_cat, PING), "relay": (through_relay, PING),
                "bridge": (through_bridge, CALL)}
        times = {name: [] for name in ways}
        for _ in range(args.rounds):
            for name, (call, line) in ways.items():
                for _ in range(args.calls):
                    start = time.perf_counter()
                    call(line)
                    times[name].append(time.perf_counter() - start)
        p50 = {name: sorted(values)[len(values) // 2] * 1e6 for name, values in times.items()}
        anchor = p50["socket"] + p50["cat"]
        print("p50 µs: " + ", ".join("%s %.1f" % item for item in p50.items()))
        print("relay / (socket + cat) %.2f; bridge / (socket + cat) %.2f"
              % (p50["relay"] / anchor, p50["bridge"] / anchor))
    finally:
        for process in processes[1:]:
            process.stdin.close()
            process.wait()
        core.terminate()
        core.wait()


if __name__ == "__main__":
    main()
