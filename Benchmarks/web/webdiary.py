"""What the web benchmarks share: a core and `toolkit web` of the release build (or TOOLKIT_BIN) in a temporary
directory of their own, stopped and removed when the `with` block ends."""
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def wait_for(condition, what, seconds=60):
    """Polls `condition` until it holds; exits naming `what` after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    sys.exit(f"{Path(sys.argv[0]).name}: {what} did not happen within {seconds} s")


class WebDiary:
    """`directory` exists at once (for files to import); `start_core()` and then `start_web()` start the two,
    and `url`, `port` and `token` are `toolkit web`'s once it listens."""

    def __init__(self, prefix, environment=None):
        self.toolkit = os.environ.get("TOOLKIT_BIN", str(ROOT / ".build" / "release" / "toolkit"))
        self.directory = Path(tempfile.mkdtemp(prefix=prefix))
        self.environment = dict(os.environ, XDG_CONFIG_HOME=str(self.directory / "config"), **(environment or {}))
        self.socket = str(self.directory / "core.sock")
        self.data = str(self.directory / "data")
        self.processes = []

    def __enter__(self):
        return self

    def __exit__(self, *_):
        for process in reversed(self.processes):
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(self.directory, ignore_errors=True)

    def start_core(self):
        self.processes.append(subprocess.Popen(
            [self.toolkit, "serve", "--socket", self.socket, "--data-dir", self.data, "--log-level", "error"],
            env=self.environment))
        wait_for(lambda: os.path.exists(self.socket), "the core's socket")

    def start_web(self):
        out_path = self.directory / "web.out"
        with open(out_path, "wb") as out:
            self.processes.append(subprocess.Popen(
                [self.toolkit, "web", "--socket", self.socket, "--data-dir", self.data, "--listen", "127.0.0.1:0",
                 "--log-level", "error"], stdout=out, env=self.environment))
        wait_for(lambda: b"#token=" in out_path.read_bytes(), "toolkit web's URL")
        self.url = out_path.read_text().splitlines()[0]
        self.port = int(self.url.split(":")[2].split("/")[0])
        self.token = self.url.split("#token=")[1]
