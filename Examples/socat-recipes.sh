#!/bin/sh
# Talking to the toolkit core with socat: each recipe is a function you can copy into a shell.
#
#   sh Examples/socat-recipes.sh ping | batch | info | watch [TOPIC...] | emit TOPIC [JSON] | hello [NAME]
#   sh Examples/socat-recipes.sh plugin METHOD [JSON]
#   sh Examples/socat-recipes.sh record [TITLE] [DEVICE]
#   sh Examples/socat-recipes.sh shutter [PET_ID [DEVICE]]
#
# The socket is $TOOLKIT_SOCKET, else $XDG_RUNTIME_DIR/toolkit/toolkit.sock, else /tmp/toolkit-$UID/toolkit.sock.
set -eu

SOCK=${TOOLKIT_SOCKET:-${XDG_RUNTIME_DIR:+$XDG_RUNTIME_DIR/toolkit/toolkit.sock}}
SOCK=${SOCK:-/tmp/toolkit-$(id -u)/toolkit.sock}

# One request, one answer. socat shuts its write side when printf ends; the core still answers, then
# closes the connection, so socat exits by itself. -t 10: socat waits up to 10 s for the answers after its
# input ends (its default, half a second, can lose them on a busy machine); it does not wait once they are in.
ping() {
    printf '{"jsonrpc":"2.0","method":"system.ping","id":1}\n' | socat -t 10 - "UNIX-CONNECT:$SOCK"
}

# A batch: one line in, one array out (the notification in it gets no answer).
batch() {
    printf '%s\n' '[{"jsonrpc":"2.0","method":"system.ping","id":1},{"jsonrpc":"2.0","method":"events.emit","params":{"topic":"user.note"}},{"jsonrpc":"2.0","method":"no.such","id":2}]' |
        socat -t 10 - "UNIX-CONNECT:$SOCK"
}

# Several requests on one connection: answers carry their ids and may come in any order.
info() {
    printf '%s\n%s\n' '{"jsonrpc":"2.0","method":"system.info","id":"info"}' '{"jsonrpc":"2.0","method":"system.ping","id":"ping"}' |
        socat -t 10 - "UNIX-CONNECT:$SOCK"
}

# Subscribe and watch events stream, one JSON line each, until Ctrl-C. The subscription lives as long as
# the connection, so keep socat's input open (here with `cat`, which waits on the terminal).
# With since, the core first replays buffered events newer than that seq.
watch() {
    topics=$(printf '"%s",' "${@:-*}")
    { printf '{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":[%s]},"id":1}\n' "${topics%,}"; cat; } |
        socat - "UNIX-CONNECT:$SOCK"
}

# Publish an event of your own (topics under user.) for every watcher to see.
emit() {
    printf '{"jsonrpc":"2.0","method":"events.emit","params":{"topic":"%s","data":%s},"id":1}\n' "$1" "${2:-{\}}" |
        socat -t 10 - "UNIX-CONNECT:$SOCK"
}

# Call a plugin's method: the core forwards it to the plugin and hands back its answer, exactly as for a
# built-in method. hello.say comes from Examples/plugins/hello.py (toolkit serve --plugin Examples/plugins/hello.py).
# -t 60: socat waits up to 60 s for the answer after its input ends (a plugin may take a while).
hello() {
    printf '{"jsonrpc":"2.0","method":"hello.say","params":{"name":"%s"},"id":1}\n' "${1:-world}" |
        socat -t 60 - "UNIX-CONNECT:$SOCK"
}

# Any plugin method with JSON params: plugin export.markdown '{"dir":"/home/me/diary-md"}'
plugin() {
    printf '{"jsonrpc":"2.0","method":"%s","params":%s,"id":1}\n' "$1" "${2:-{\}}" |
        socat -t 600 - "UNIX-CONNECT:$SOCK"
}

# Record a 3-second sound from the capture device (DEVICE, else the settings' captureDevice) with progress:
# a progress line about each second ({"done":1,"total":3,"unit":"seconds"}), then the new sound.
# Ctrl-C closes the connection, which stops the recording: the core keeps nothing.
record() {
    device=${2:+,\"device\":\"$2\"}
    printf '{"jsonrpc":"2.0","method":"sounds.record","params":{"title":"%s","seconds":3,"progress":true%s},"id":1}\n' \
        "${1:-recorded with socat}" "$device" |
        socat -t 30 - "UNIX-CONNECT:$SOCK"
}

# Fire the shutter: the pet's shutter sound (the default one without a pet id) plays at once on DEVICE, else
# the settings' soundDevice. The answer comes when its first period has been written and says which sound
# played where; a capture plugin gets the event shutter.fired. shutter "" null fires the default on the null PCM.
shutter() {
    params=""
    [ -n "${1:-}" ] && params="\"petId\":\"$1\""
    [ -n "${2:-}" ] && params="${params:+$params,}\"device\":\"$2\""
    printf '{"jsonrpc":"2.0","method":"shutter.fire","params":{%s},"id":1}\n' "$params" |
        socat -t 10 - "UNIX-CONNECT:$SOCK"
}

recipe=${1:-ping}
shift 2>/dev/null || true
"$recipe" "$@"
