#!/usr/bin/env bash
# hello: a handler plugin template in bash with jq (protocol 1, docs/plugins.md). Copy it and change it.
#
# Run it by hand to see the protocol (each line you type is one message; Ctrl-D ends it):
#   bash Examples/plugins/hello.sh
#   {"jsonrpc":"2.0","id":1,"method":"getmanifest","params":{"protocol":1}}
#   {"jsonrpc":"2.0","id":2,"method":"init","params":{"protocol":1,"name":"hello-sh","options":{}}}
#   {"jsonrpc":"2.0","id":3,"method":"hello.say","params":{"name":"Bori"}}
# Load it into the core: toolkit serve --plugin Examples/plugins/hello.sh (executable, writable only by you),
# then: toolkit call hello.say name=Bori
#
# The rules of protocol 1:
#   - The core writes JSON-RPC 2.0 messages on our stdin, one per line; we write ours on stdout, one per line
#     (jq -c writes one line). stdout is for protocol messages only: logs go to stderr, which the core keeps
#     under our name. A command that could read stdin (ffmpeg, ssh, ...) must get </dev/null, or it eats
#     the core's messages.
#   - A message with an "id" is a request: answer it exactly once, with a result or an error (-32601 for a
#     method we do not have). A message without "id" is a notification: no answer; ignore unknown ones.
#   - The handshake is getmanifest (what we offer) then init (the core's socket, data directory, options).
#   - To call the core's own methods, connect to the socket init gave, as any client does:
#       printf '%s\n' "$request" | socat -t 60 - "UNIX-CONNECT:$socket"
#     never send requests on stdout.
#   - When stdin closes, the core is stopping us: the loop ends and we exit.
set -u

GREETING=hello

log() { printf 'hello-sh: %s\n' "$*" >&2; }
answer() { jq -cn --argjson id "$1" --argjson result "$2" '{jsonrpc: "2.0", id: $id, result: $result}'; }
# The same without starting jq (each start costs 30-40 ms), for a fixed result: the id is the loop's JSON text.
answer_fixed() { printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$1" "$2"; }
answer_error() { # ID CODE MESSAGE
    jq -cn --argjson id "$1" --argjson code "$2" --arg message "$3" \
        '{jsonrpc: "2.0", id: $id, error: {code: $code, message: $message}}'
}

# The manifest: the name (unique among loaded plugins), methods clients can call (params checked by the
# core against the schema), event topics to receive, hooks to answer, and options with their defaults. A fixed
# text, read once without jq and sent on one line, so keep line breaks out of its strings.
MANIFEST=
while read -r part; do MANIFEST+=$part; done <<'EOF' # read drops each line's indentation
{
  "name": "hello-sh",
  "version": "1.0.0",
  "protocol": 1,
  "methods": [
    {"name": "hello.say", "description": "Greets someone (world by default).",
     "params": {"type": "object", "properties": {"name": {"type": "string"}}}, "effect": "read"}
  ],
  "subscriptions": ["pet.*"],
  "hooks": [{"name": "entry.beforeSave", "timeout": 5, "onFailure": "continue"}],
  "options": {"greeting": {"type": "string", "default": "hello", "description": "The word to greet with."}}
}
EOF

# One jq per message splits it into lines: request or notification, the id and the params as JSON text
# (tojson: no line breaks; the id goes back exactly as it came), and last the method, which may hold anything.
while IFS= read -r line || [ -n "$line" ]; do
    [ -n "${line//[[:space:]]/}" ] || continue
    if ! message=$(jq -rs 'if length == 1 and (.[0] | type) == "object" then .[0] else error("not a message") end
        | [if has("id") then "request" else "notification" end, (.id | tojson), (.params // {} | tojson),
            (.method // "" | tostring)] | join("\n")' <<<"$line" 2>/dev/null); then
        log "not JSON, ignored: ${line:0:200}"
        continue
    fi
    kind=${message%%$'\n'*}
    message=${message#*$'\n'}
    id=${message%%$'\n'*}
    message=${message#*$'\n'}
    params=${message%%$'\n'*}
    method=${message#*$'\n'}
    if [ "$kind" != request ]; then
        # A notification: event {seq, topic, time, data}, rpc.cancel, shutdown, or one we do not know.
        if [ "$method" = event ]; then
            log "event $(jq -r '"\(.seq) \(.topic): \(.data | tojson)"' <<<"$params")"
        fi
        continue
    fi
    if [ "$method" = getmanifest ]; then
        answer_fixed "$id" "$MANIFEST"
    elif [ "$method" = init ]; then
        # params: protocol, name, socket, dataDir, options (each declared option: the config's or the default).
        # Several options: one jq for all, eval "$(jq -r '@sh "A=\(.options.a) B=\(.options.b)"' <<<"$params")".
        GREETING=$(jq -r '.options.greeting // "hello"' <<<"$params")
        log "ready"
        answer_fixed "$id" '{}' # or {"disable":"why"} to stay loaded but off
    elif [ "$method" = hello.say ]; then
        answer "$id" "$(jq -cn --arg greeting "$GREETING" --argjson params "$params" \
            '"\($greeting), \($params.name // "world")"')"
    elif [ "$method" = entry.beforeSave ]; then
        # A hook: {id, title, body, date, petId, photoIds, favorite} before an entry is stored. Answer
        # continue, continue with changed params ({"result":"continue","params":{...}}), or
        # {"result":"reject","message":"why"}.
        log "entry.beforeSave: $(jq -r '.title // ""' <<<"$params") goes on"
        answer "$id" '{"result": "continue"}'
    else
        answer_error "$id" -32601 "no method $method"
    fi
done
