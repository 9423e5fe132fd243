#!/usr/bin/env python3
"""hello: a handler plugin template in Python (protocol 1, docs/plugins.md). Copy it and change it.

Run it by hand to see the protocol (each line you type is one message; Ctrl-D ends it):

    python3 Examples/plugins/hello.py
    {"jsonrpc":"2.0","id":1,"method":"getmanifest","params":{"protocol":1}}
    {"jsonrpc":"2.0","id":2,"method":"init","params":{"protocol":1,"name":"hello","socket":"/tmp/x","dataDir":"/tmp","options":{}}}
    {"jsonrpc":"2.0","id":3,"method":"hello.say","params":{"name":"Bori"}}

Load it into the core: `toolkit serve --plugin Examples/plugins/hello.py` (the file must be executable and
writable only by you), then `toolkit call hello.say name=Bori`.

The rules of protocol 1, in the order they matter here:
  * The core writes JSON-RPC 2.0 messages on our stdin, one per line; we write ours on stdout, one per line
    (json.dumps never puts a newline inside one), and flush each.
  * stdout is for protocol messages only. Anything for people goes to stderr: the core logs it under our name.
  * A message with an "id" is a request and gets exactly one answer with that id: a result or an error.
    Unknown methods get error -32601. A message without "id" is a notification and gets no answer; ignore
    the ones you do not know (the core may add more).
  * The first two requests are the handshake: getmanifest (what we offer) and init (the core's socket, its
    data directory and our options, each the config's value or the default the manifest declares).
  * When stdin closes, the core is stopping us: exit.
"""
import json
import sys

MANIFEST = {
    "name": "hello",  # [a-z0-9][a-z0-9._-]*, unique among the loaded plugins
    "version": "1.0.0",
    "protocol": 1,
    # Methods clients call over the core's socket as they call built-in ones. The core checks params
    # against the schema before forwarding the call, under an id of its own.
    "methods": [
        {
            "name": "hello.say",
            "description": "Greets someone (the greeting option, then the name; world by default).",
            "params": {"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": False},
            "timeout": 10,
            # What it does to the user's data: read, write or destroy (left out: write). rpc.discover shows it.
            "effect": "read",
        }
    ],
    # Event topics: exact names, noun.* or *. Each arrives as an "event" notification.
    "subscriptions": ["pet.*"],
    # Hooks: requests the core sends before storing a change; answer continue, continue with params, or reject.
    "hooks": [{"name": "entry.beforeSave", "timeout": 5, "onFailure": "continue"}],
    # Options: set in the config (plugins.options.hello.greeting); init gives the value or this default.
    "options": {"greeting": {"type": "string", "default": "hello", "description": "The word to greet with."}},
}

options = {"greeting": "hello"}


def log(text):
    print(f"hello: {text}", file=sys.stderr, flush=True)


def send(message):
    print(json.dumps(message), flush=True)


def handle_request(method, params):
    """The result of a request; raises LookupError for a method we do not have."""
    if method == "getmanifest":
        return MANIFEST
    if method == "init":
        # params: protocol, name, socket (the core's: connect to it to call the core's methods, as any
        # client does; never send requests on stdout), dataDir, options.
        options.update(params.get("options") or {})
        log(f"ready; the core listens on {params.get('socket')}")
        return {}  # or {"disable": "why"} to stay loaded but off
    if method == "hello.say":
        return f"{options['greeting']}, {params.get('name') or 'world'}"
    if method == "entry.beforeSave":
        # params: id (null when created), title, body, date, petId, photoIds, favorite.
        log(f"entry.beforeSave: {params.get('title')!r} goes on")
        return {"result": "continue"}  # or {"result": "continue", "params": {...}}, or reject with a message
    raise LookupError(method)


for line in sys.stdin:
    if not line.strip():
        continue
    try:
        message = json.loads(line)
    except ValueError:
        log(f"not JSON, ignored: {line.strip()[:200]}")
        continue
    method, params = message.get("method"), message.get("params") or {}
    if "id" not in message:  # a notification: event, rpc.cancel, shutdown, or one we do not know
        if method == "event":  # {seq, topic, time, data}, as clients get them
            log(f"event {params.get('seq')} {params.get('topic')}: {json.dumps(params.get('data'))}")
        continue
    try:
        send({"jsonrpc": "2.0", "id": message["id"], "result": handle_request(method, params)})
    except LookupError:
        send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": f"no method {method}"}})
    except Exception as error:  # answer every request, even when something breaks
        log(f"{method} failed: {error!r}")
        send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32603, "message": str(error)}})
