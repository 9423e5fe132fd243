#!/usr/bin/env python3
"""The web app's feed on a big diary: 100,000 entries (the newest 20 with photos), a core and `toolkit web` of the
release build, and headless Chromium (the system's, driven by Playwright from `make web-venv`).

  - painted: a cold page (a new browser context with only the session cookie, so nothing is cached) opened at
    #/feed; the largest contentful paint (Chromium's Performance API) and the moment the first 20 entries are in
    the page, both from navigation start; goal: LCP <= 300 ms (median of the rounds);
  - API page: `diary.list` of 20 entries, newest first, through `POST /api/rpc` on a kept-alive HTTP connection,
    against the same call on the core's socket, alternated round by round; goal: p50 <= 2 x the socket's.

Writes the suite's result (Benchmarks/results/web-feed.json).

    .build/web-venv/bin/python Benchmarks/web/feed.py [--entries N] [--rounds R] [--calls C]
"""
import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Benchmarks"))
import result  # noqa: E402
from webdiary import WebDiary  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Records when the feed first holds 20 entries, from navigation start (performance.now()'s origin).
FIRST_TWENTY = """
new MutationObserver((_, observer) => {
  if (document.querySelectorAll("ol.feed > li, ol.feed .entry").length >= 20) {
    window.__firstTwenty = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""
LARGEST_PAINT = """
() => new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries[entries.length - 1].startTime);
  }).observe({ type: "largest-contentful-paint", buffered: true });
})
"""


class Socket:
    """One connection to the core: newline-framed JSON-RPC."""

    def __init__(self, path):
        self.connection = socket.socket(socket.AF_UNIX)
        self.connection.connect(path)
        self.reader = self.connection.makefile("rb")
        self.next_id = 0

    def call(self, method, params):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.connection.sendall(json.dumps(message).encode() + b"\n")
        answer = json.loads(self.reader.readline())
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer["result"]

    def batch(self, calls):
        """Sends the calls as one JSON-RPC batch and answers their results in order."""
        requests = []
        for method, params in calls:
            self.next_id += 1
            requests.append({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        self.connection.sendall(json.dumps(requests).encode() + b"\n")
        answers = sorted(json.loads(self.reader.readline()), key=lambda answer: answer["id"])
        failed = [answer for answer in answers if "error" in answer]
        if failed:
            raise RuntimeError(f"batch: {failed[0]['error']}")
        return [answer["result"] for answer in answers]


def fill(core, directory, entries):
    """Entries spread over the last three years, the newest 20 with one of five photos each."""
    pet = core.call("pets.create", {"name": "Bench"})["id"]
    album = core.call("albums.create", {"title": "Bench", "petId": pet})["id"]
    photos = []
    for index in range(5):
        path = directory / f"photo{index}.jpg"
        subprocess.run(
            ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"testsrc2=size=1600x1200", "-vf",
             f"noise=alls={20 + index * 10}:allf=u", "-frames:v", "1", "-q:v", "3", str(path)], check=True)
        photos.append(core.call("photos.import", {"albumId": album, "path": str(path)})["id"])
    now = time.time()
    made = 0
    while made < entries:
        calls = []
        for index in range(made, min(made + 500, entries)):
            # Entry 0 is the oldest; the last 20 are the newest and carry photos.
            day = time.strftime("%Y-%m-%d", time.gmtime(now - (entries - index) * (3 * 365 * 86400 / entries)))
            params = {"title": f"Day {index}", "body": f"A walk in the park, number {index}.", "date": day,
                      "petId": pet}
            if index >= entries - 20:
                params["photoIds"] = [photos[index % 5]]
            calls.append(("diary.create", params))
        core.batch(calls)
        made += len(calls)
    return pet


def api_rounds(core, port, token, calls, rounds):
    """p50 µs of a feed page over HTTP and over the socket, alternated round by round."""
    params = {"order": "newest", "limit": 20}
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "diary.list", "params": params}).encode()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json",
               "Host": f"127.0.0.1:{port}"}
    web, direct = [], []
    connection = http.client.HTTPConnection("127.0.0.1", port)
    for _ in range(rounds):
        times = []
        for _ in range(calls):
            start = time.perf_counter()
            connection.request("POST", "/api/rpc", body=body, headers=headers)
            answer = connection.getresponse().read()
            times.append(time.perf_counter() - start)
        if b'"result"' not in answer:
            sys.exit(f"feed.py: /api/rpc answered {answer[:200]!r}")
        web.append(statistics.median(times) * 1e6)
        times = []
        for _ in range(calls):
            start = time.perf_counter()
            core.call("diary.list", params)
            times.append(time.perf_counter() - start)
        direct.append(statistics.median(times) * 1e6)
    return statistics.median(web), statistics.median(direct)


def paint_rounds(url, rounds):
    """Median LCP and first-20 times in ms, each round in a new context that holds only the session cookie."""
    from playwright.sync_api import sync_playwright

    base = url.split("#")[0]
    largest, twenty = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("ol.feed .entry", timeout=60_000)
        state = context.storage_state()
        context.close()
        for _ in range(rounds):
            context = browser.new_context(viewport={"width": 1280, "height": 800}, storage_state=state)
            page = context.new_page()
            page.add_init_script(FIRST_TWENTY)
            page.goto(base + "#/feed")
            # Polled from here: the page's Content-Security-Policy forbids the eval that wait_for_function uses.
            deadline = time.monotonic() + 60
            while page.evaluate("window.__firstTwenty") is None and time.monotonic() < deadline:
                time.sleep(0.05)
            page.wait_for_load_state("networkidle")
            largest.append(page.evaluate(LARGEST_PAINT))
            twenty.append(page.evaluate("window.__firstTwenty"))
            context.close()
        browser.close()
    return statistics.median(largest), statistics.median(twenty)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--calls", type=int, default=300)
    arguments = parser.parse_args()
    with WebDiary("toolkit-feed-bench.", {"TZ": "UTC"}) as diary:
        diary.start_core()
        core = Socket(diary.socket)
        started = time.monotonic()
        fill(core, diary.directory, arguments.entries)
        print(f"{arguments.entries} entries made in {time.monotonic() - started:.1f} s", file=sys.stderr)
        diary.start_web()
        web_us, socket_us = api_rounds(core, diary.port, diary.token, arguments.calls, arguments.rounds)
        largest, twenty = paint_rounds(diary.url, arguments.rounds)

    print(f"feed of {arguments.entries} entries: LCP {largest:.0f} ms, first 20 entries {twenty:.0f} ms "
          f"(goal: LCP <= 300 ms)")
    print(f"diary.list of 20: /api/rpc p50 {web_us:.0f} us, socket p50 {socket_us:.0f} us, "
          f"ratio {web_us / socket_us:.2f} (goal <= 2)")
    command = "Benchmarks/web/feed.py " + " ".join(sys.argv[1:])
    result.write(
        "web-feed", round(largest, 1), "ms", what=f"LCP of the feed of a {arguments.entries}-entry diary, cold page",
        goal="figure <= 300", command=command.strip(),
        note=f"first 20 entries in {twenty:.0f} ms; a page through /api/rpc {web_us / socket_us:.2f} x the socket's "
             f"(goal <= 2)",
        extra={"firstTwentyMs": round(twenty, 1), "apiP50us": round(web_us, 1), "socketP50us": round(socket_us, 1),
               "apiRatio": round(web_us / socket_us, 3), "entries": arguments.entries})


if __name__ == "__main__":
    main()
