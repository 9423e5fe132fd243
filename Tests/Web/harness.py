"""What the page tests share: a real core (`toolkit serve`) on a temporary socket and data directory, `toolkit web`
in front of it on a free port, and headless Chromium (the system's, driven by Playwright) opening the URL it
printed. Every wait is for a condition, with a generous deadline, never a fixed sleep."""
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import unittest
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
TOOLKIT = Path(os.environ.get("TOOLKIT_BIN", ROOT / ".build" / "debug" / "toolkit"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# How many times longer than usual the tests wait (a loaded machine, a sanitized build).
PATIENCE = float(os.environ.get("TOOLKIT_TEST_PATIENCE", "1"))
# Playwright's waits, in milliseconds.
WAIT = int(60_000 * PATIENCE)


class Diary:
    """A core and `toolkit web` of their own, in a temporary directory; `stop_core` and `start_core` take the
    core away and bring it back on the same socket and data."""

    def __init__(self):
        self.directory = Path(tempfile.mkdtemp(prefix="toolkit-web-"))
        self.socket = str(self.directory / "core.sock")
        self.data = self.directory / "data"
        # The core and the browser (see `open`) both keep UTC, so that they agree on what day it is.
        self.environment = dict(os.environ, XDG_CONFIG_HOME=str(self.directory / "config"), TZ="UTC")
        self.core = None
        self.start_core()
        self.web_log = open(self.directory / "web.log", "wb")
        self.web = subprocess.Popen(
            [str(TOOLKIT), "web", "--socket", self.socket, "--data-dir", str(self.data), "--listen", "127.0.0.1:0"],
            stdout=subprocess.PIPE, stderr=self.web_log, env=self.environment)
        line = self.web.stdout.readline().decode().strip()
        if not line.startswith("http://"):
            self.stop()
            raise RuntimeError("toolkit web printed no URL: " + line + (self.directory / "web.log").read_text())
        self.url = line
        self.origin = line.split("/#")[0]
        self.token = line.split("#token=")[1]

    def start_core(self):
        self.core_log = open(self.directory / "core.log", "ab")
        self.core = subprocess.Popen(
            [str(TOOLKIT), "serve", "--socket", self.socket, "--data-dir", str(self.data)],
            stdout=self.core_log, stderr=subprocess.STDOUT, env=self.environment)
        deadline = time.monotonic() + 60 * PATIENCE
        while True:
            try:
                self.call("system.ping")
                return
            except OSError:
                if self.core.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the core did not start: " + (self.directory / "core.log").read_text())
                time.sleep(0.05)

    def stop_core(self):
        self.core.terminate()
        try:
            self.core.wait(timeout=30 * PATIENCE)
        except subprocess.TimeoutExpired:
            self.core.kill()
            self.core.wait()
        self.core_log.close()

    def stop(self):
        if self.web.poll() is None:
            self.web.terminate()
            try:
                self.web.wait(timeout=30 * PATIENCE)
            except subprocess.TimeoutExpired:
                self.web.kill()
                self.web.wait()
        self.web.stdout.close()
        self.web_log.close()
        if self.core.poll() is None:
            self.stop_core()
        shutil.rmtree(self.directory, ignore_errors=True)

    def call(self, method, params=None):
        """One JSON-RPC call over the core's socket: the result, or RuntimeError with the error object."""
        with socket.socket(socket.AF_UNIX) as connection:
            connection.connect(self.socket)
            request = {"jsonrpc": "2.0", "id": 1, "method": method}
            if params is not None:
                request["params"] = params
            connection.sendall((json.dumps(request) + "\n").encode())
            reader = connection.makefile("rb")
            while True:
                message = json.loads(reader.readline())
                if message.get("id") == 1:
                    break
        if "error" in message:
            raise RuntimeError(message["error"])
        return message["result"]

    def rpc(self, method, params=None):
        """One JSON-RPC call through the web app's /api/rpc with the bearer token, as a script makes it."""
        body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params or {}}
        request = urllib.request.Request(
            self.origin + "/api/rpc", data=json.dumps(body).encode(), method="POST",
            headers={"Authorization": "Bearer " + self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60 * PATIENCE) as response:
            answer = json.loads(response.read())
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["result"]

    def toolkit(self, *arguments):
        """Runs `toolkit ARGUMENTS… --socket CORE` and answers its stdout."""
        result = subprocess.run(
            [str(TOOLKIT), *arguments, "--socket", self.socket], capture_output=True, env=self.environment,
            timeout=120 * PATIENCE)
        if result.returncode != 0:
            raise RuntimeError(f"toolkit {' '.join(arguments)}: {result.stderr.decode()}")
        return result.stdout.decode()

    def make_clip(self, name, video):
        """A small JPEG (video false) or H.264 MP4 (video true) made by ffmpeg in the temporary directory."""
        path = self.directory / name
        source = ["-f", "lavfi", "-i", "testsrc=size=320x240:rate=25"]
        output = ["-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"] if video \
            else ["-frames:v", "1"]
        subprocess.run(["ffmpeg", "-loglevel", "error", "-y", *source, *output, str(path)], check=True,
                       timeout=120 * PATIENCE)
        return str(path)


class PageTestCase(unittest.TestCase):
    """Tests that share one diary and one browser; each test opens pages of its own and fails on any console
    error or uncaught exception they logged (unless it says it expects some)."""

    # More command-line switches for Chromium (a fake camera, say).
    browser_arguments = ()

    @classmethod
    def setUpClass(cls):
        cls.diary = Diary()
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--headless=new", *cls.browser_arguments])

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()
        cls.diary.stop()

    def setUp(self):
        self.contexts = []
        self.problems = []
        self.expect_console_errors = False

    def tearDown(self):
        for context in self.contexts:
            context.close()
        if not self.expect_console_errors:
            self.assertEqual(self.problems, [], "the page logged errors")

    def open(self, width=1280, locale="en-US", screen="feed", timezone="UTC"):
        """A new browser page `width` CSS pixels wide, on a device whose clock keeps `timezone`, opened on the
        printed URL (with the token), once it shows `screen`."""
        context = self.browser.new_context(
            viewport={"width": width, "height": 844 if width < 600 else 900}, locale=locale, timezone_id=timezone)
        context.set_default_timeout(WAIT)
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: message.type == "error" and self.problems.append(message.text))
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.on("dialog", lambda dialog: (self.problems.append("a dialog: " + dialog.message), dialog.dismiss()))
        page.goto(self.diary.url)
        self.shows(page, screen)
        return page

    def shows(self, page, screen):
        """Waits until `page` has drawn `screen` (main.js sets <html data-screen> once a screen is drawn)."""
        page.wait_for_selector(f"html[data-screen='{screen}']", state="attached")

    def go(self, page, address, screen):
        """Follows `address` (a #/… route) in `page` and waits for `screen`."""
        page.evaluate("address => { document.documentElement.dataset.screen = ''; location.hash = address; }", address)
        self.shows(page, screen)
