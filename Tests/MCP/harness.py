"""What the bridge's tests share: a real core on a temporary socket and data directory, `toolkit mcp` started
over stdio by the official MCP Python SDK's client, and direct JSON-RPC calls to the core's socket."""
import contextlib
import json
import os
import shutil
import socket
import stat
import subprocess
import tempfile
import struct
import time
import unittest
import zlib
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = Path(__file__).resolve().parents[2]
TOOLKIT = Path(os.environ.get("TOOLKIT_BIN", ROOT / ".build" / "debug" / "toolkit"))
HELLO_PLUGIN = ROOT / "Examples" / "plugins" / "hello.py"
# How long a test waits for the core or an answer before it gives up (longer on a loaded machine).
PATIENCE = float(os.environ.get("TOOLKIT_TEST_PATIENCE", "1"))


class Core:
    """A `toolkit serve` of its own: a temporary data directory and socket, and the hello plugin and any other
    `plugins` (files, copied, so that they are writable only by us, as the core requires)."""

    def __init__(self, plugin=True, config=None, environment=None, data=None, plugins=()):
        self.directory = Path(tempfile.mkdtemp(prefix="toolkit-mcp-"))
        self.socket = str(self.directory / "core.sock")
        self.data = Path(data) if data else self.directory / "data"
        arguments = [str(TOOLKIT), "serve", "--socket", self.socket, "--data-dir", str(self.data)]
        environment = dict(os.environ, XDG_CONFIG_HOME=str(self.directory / "config"), **(environment or {}))
        if config is not None:
            path = self.directory / "config.json"
            path.write_text(json.dumps(config))
            arguments += ["--config", str(path)]
        for source in ([HELLO_PLUGIN] if plugin else []) + [Path(path) for path in plugins]:
            copy = self.directory / "plugins" / source.name
            copy.parent.mkdir(exist_ok=True)
            shutil.copy(source, copy)
            copy.chmod(stat.S_IRWXU)
            arguments += ["--plugin", str(copy)]
        self.log = open(self.directory / "core.log", "wb")
        self.process = subprocess.Popen(arguments, stdout=self.log, stderr=subprocess.STDOUT, env=environment)
        deadline = time.monotonic() + 30 * PATIENCE
        while True:
            try:
                self.call("system.ping")
                break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the core did not start: " + (self.directory / "core.log").read_text())
                time.sleep(0.05)

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

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20 * PATIENCE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        shutil.rmtree(self.directory, ignore_errors=True)


class CoreTestCase(unittest.IsolatedAsyncioTestCase):
    """Tests that share one core, started before the first and stopped after the last; `with_plugin` says
    whether it loads the hello plugin. A subclass that prepares more calls `super().setUpClass()` first."""

    with_plugin = True

    @classmethod
    def setUpClass(cls):
        cls.core = Core(plugin=cls.with_plugin)

    @classmethod
    def tearDownClass(cls):
        cls.core.stop()


def structured(result):
    """A tool result's structured content, after checking it is no tool error."""
    assert not result.is_error, result.content
    return result.structured_content


@contextlib.asynccontextmanager
async def bridge(core, *arguments, config=None, toolkit=TOOLKIT, **session_options):
    """A client session with `toolkit mcp --socket CORE ARGUMENTS…` (reading `config` as its config file when
    given; `toolkit` is the binary), initialized."""
    environment = dict(os.environ, XDG_CONFIG_HOME=str(core.directory / "config"))
    if config is not None:
        path = core.directory / "bridge-config.json"
        path.write_text(json.dumps(config))
        environment["TOOLKIT_CONFIG"] = str(path)
    parameters = StdioServerParameters(
        command=str(toolkit), args=["mcp", "--socket", core.socket, *arguments], env=environment)
    log = open(core.directory / "bridge.log", "a")
    try:
        async with stdio_client(parameters, errlog=log) as (reader, writer):
            async with ClientSession(reader, writer, **session_options) as session:
                session.initialize_result_value = await session.initialize()
                yield session
    finally:
        log.close()


def bridge_log(core):
    """What the bridges of `core` logged to stderr."""
    path = core.directory / "bridge.log"
    return path.read_text() if path.exists() else ""


def write_png(path, seed, width=16, height=12):
    """A real PNG whose pixels depend on `seed`, so that each is a photo of its own."""
    rows = b"".join(b"\x00" + bytes((seed * 7 + x * 3 + y) % 256 for x in range(width * 3)) for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    Path(path).write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
