#!/usr/bin/env python3
"""A client for the toolkit core using only Python's standard library.

As a module:

    from toolkit_client import ToolkitClient
    with ToolkitClient() as core:
        print(core.call("system.ping"))                       # 'pong'
        print(core.call("events.emit", topic="user.walk", data={"minutes": 20}))
        for event in core.subscribe(["*"]):                   # blocks, yields event params
            print(event["seq"], event["topic"], event["data"])

From the shell:

    python3 toolkit_client.py system.info
    python3 toolkit_client.py events.emit '{"topic": "user.walk"}'
    python3 toolkit_client.py --watch 'photo.*' 'user.*'
"""
import argparse
import itertools
import json
import os
import socket
import sys


def default_socket_path():
    if os.environ.get("TOOLKIT_SOCKET"):
        return os.environ["TOOLKIT_SOCKET"]
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "toolkit", "toolkit.sock")
    return "/tmp/toolkit-%d/toolkit.sock" % os.getuid()


class RPCError(Exception):
    """An error the core answered with: code, message and data as sent."""

    def __init__(self, error):
        super().__init__("%s (%s)" % (error.get("message"), error.get("code")))
        self.code = error.get("code")
        self.message = error.get("message")
        self.data = error.get("data")


class ToolkitClient:
    def __init__(self, path=None, timeout=None):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(path or default_socket_path())
        self.reader = self.sock.makefile("r", encoding="utf-8")
        self.ids = itertools.count(1)
        self.pending_notifications = []
        self.answers = {}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.reader.close()
        self.sock.close()

    def _send(self, message):
        self.sock.sendall((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))

    def _read(self):
        line = self.reader.readline()
        if not line:
            raise ConnectionError("the core closed the connection")
        return json.loads(line)

    def call(self, method, params=None, **named):
        """Calls a method and returns its result; raises RPCError for an error answer."""
        request_id = next(self.ids)
        message = {"jsonrpc": "2.0", "method": method, "id": request_id}
        if params is not None or named:
            message["params"] = params if params is not None else named
        self._send(message)
        while request_id not in self.answers:
            answer = self._read()
            if isinstance(answer, list):
                for item in answer:
                    self.answers[item.get("id")] = item
            elif "id" in answer and "method" not in answer:
                self.answers[answer["id"]] = answer
            else:
                self.pending_notifications.append(answer)
        answer = self.answers.pop(request_id)
        if "error" in answer:
            raise RPCError(answer["error"])
        return answer["result"]

    def notify(self, method, **params):
        """Sends a notification: no answer comes back."""
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def subscribe(self, topics, since=None):
        """Subscribes and yields each event's params as it arrives (blocking)."""
        params = {"topics": list(topics)}
        if since is not None:
            params["since"] = since
        self.call("events.subscribe", params)
        while True:
            while self.pending_notifications:
                message = self.pending_notifications.pop(0)
                if message.get("method") == "event":
                    yield message["params"]
                elif message.get("method") == "events.dropped":
                    raise ConnectionError(message["params"]["reason"])
            self.pending_notifications.append(self._read())


def main():
    parser = argparse.ArgumentParser(description="Call the toolkit core over its Unix socket.")
    parser.add_argument("--socket", default=None, help="socket path (default: as the toolkit finds it)")
    parser.add_argument("--watch", nargs="*", metavar="TOPIC", help="print events as they come (default topic: *)")
    parser.add_argument("method", nargs="?", help="method to call, e.g. system.info")
    parser.add_argument("params", nargs="?", help="params as one JSON object or array")
    args = parser.parse_args()
    try:
        with ToolkitClient(args.socket) as core:
            if args.watch is not None:
                for event in core.subscribe(args.watch or ["*"]):
                    print(json.dumps(event, ensure_ascii=False), flush=True)
                return 0
            if not args.method:
                parser.error("give a method, or --watch")
            params = json.loads(args.params) if args.params else None
            print(json.dumps(core.call(args.method, params), ensure_ascii=False, indent=2))
            return 0
    except RPCError as error:
        print("error: %s" % error, file=sys.stderr)
        return 1
    except (ConnectionError, FileNotFoundError) as error:
        print("cannot reach the core: %s" % error, file=sys.stderr)
        return 69
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
