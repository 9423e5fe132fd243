#!/usr/bin/env bash
# Install smoke test: `make install DESTDIR=… PREFIX=/usr` stages exactly the files a Linux user expects, each
# with its mode (the binaries, a man page for every command, bash, zsh and fish completions, the systemd user
# units of the core and the web app pointing at /usr/bin/toolkit, the shipped plugins and their READMEs); the
# staged binary runs and loads the plugins; every page renders with no groff warning (when man is installed; make
# test installs man-db); systemd-analyze accepts the units (when it is installed); and `make uninstall` with the same DESTDIR and PREFIX
# leaves no file behind. Any missing or unexpected file fails.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SWIFT=${SWIFT:-swift}
TMP=$(mktemp -d /tmp/toolkit-install.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
DEST=$TMP/dest
FAILED=0

fail() {
    echo "install smoke: $*" >&2
    FAILED=1
}

if ! make -s -C "$ROOT" SWIFT="$SWIFT" install DESTDIR="$DEST" PREFIX=/usr >"$TMP/install.log" 2>&1; then
    cat "$TMP/install.log" >&2
    echo "install smoke: make install DESTDIR=$DEST PREFIX=/usr failed" >&2
    exit 1
fi

# What must be there, with its mode: the fixed files, and a page for every command the binary has (from its
# own command tree, so a new command without a page fails here).
BIN=$DEST/usr/bin/toolkit
{
    echo "755 usr/bin/toolkit"
    echo "755 usr/bin/toolkit-mcp-bridge"
    echo "755 usr/bin/toolkit-web"
    echo "644 usr/share/bash-completion/completions/toolkit"
    echo "644 usr/share/zsh/site-functions/_toolkit"
    echo "644 usr/share/fish/vendor_completions.d/toolkit.fish"
    echo "644 usr/lib/systemd/user/toolkit.service"
    echo "644 usr/lib/systemd/user/toolkit-web.service"
    for plugin in markdown-export shutter-capture backup-copy on-this-day; do
        echo "755 usr/lib/toolkit/plugins/$plugin/$plugin"
        echo "644 usr/share/doc/toolkit/plugins/$plugin.md"
    done
    "$ROOT/.build/release/toolkit" --experimental-dump-help | python3 -c '
import json, sys
def walk(command, names):
    names = names + [command["commandName"]]
    print("644 usr/share/man/man1/" + ".".join(names) + ".1")
    for sub in command.get("subcommands", []):
        walk(sub, names)
walk(json.load(sys.stdin)["command"], [])'
} | sort -k2 >"$TMP/expected"
(cd "$DEST" && find . -mindepth 1 ! -type d -printf '%m %P\n') | sort -k2 >"$TMP/installed"
if ! diff -u "$TMP/expected" "$TMP/installed" >"$TMP/files.diff"; then
    cat "$TMP/files.diff" >&2
    fail "the installed files or modes differ from what is expected (- expected, + installed)"
fi
PAGES=$(grep -c ' usr/share/man/man1/' "$TMP/expected" || true)

if [ -x "$BIN" ]; then
    VERSION=$("$BIN" --version) || fail "the installed binary does not run: $BIN --version failed"
    [ "$VERSION" = "$("$ROOT/.build/release/toolkit" --version)" ] ||
        fail "the installed binary says version '$VERSION', .build/release/toolkit another"
fi

# The installed core loads the shipped plugins from its own PREFIX/lib/toolkit/plugins with no option: each one
# ends its handshake, ready or disabled with its reason (backup-copy has no destination until one is set).
if [ -x "$BIN" ]; then
    export TOOLKIT_SOCKET=$TMP/core.sock TOOLKIT_DATA_DIR=$TMP/data XDG_CONFIG_HOME=$TMP/config
    "$BIN" serve >"$TMP/serve.log" 2>&1 &
    CORE=$!
    STATES=""
    for _ in $(seq 100); do
        STATES=$("$BIN" call plugins.list 2>/dev/null | python3 -c '
import json, sys
items = json.load(sys.stdin)["items"]
print(" ".join(sorted(p["name"] + "=" + p["state"] for p in items)))' 2>/dev/null || true)
        case "$STATES" in *starting* | *handshaking* | "") sleep 0.1 ;; *) break ;; esac
    done
    # The installed toolkit mcp finds its bridge beside it and offers the plugins' methods as tools.
    TOOLS=$({ printf '%s\n' \
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"smoke","version":"1"}}}' \
        '{"jsonrpc":"2.0","method":"notifications/initialized"}' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
        sleep 3; } | "$BIN" mcp 2>"$TMP/mcp.log" | python3 -c '
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message.get("id") == 2:
        print(" ".join(sorted(tool["name"] for tool in message["result"]["tools"])))' || true)
    kill "$CORE" && wait "$CORE" || true
    case " $TOOLS " in
    *" pets_create "*" memories_onThisDay "* | *" memories_onThisDay "*" pets_create "*) ;;
    *) cat "$TMP/mcp.log" >&2; fail "the installed toolkit mcp lists '$TOOLS', without pets_create and on-this-day's tool" ;;
    esac
    EXPECTED="backup-copy=disabled markdown-export=ready on-this-day=ready shutter-capture=ready"
    if [ "$STATES" != "$EXPECTED" ]; then
        cat "$TMP/serve.log" >&2
        fail "the installed core's plugins are '$STATES', not '$EXPECTED'"
    fi
    unset TOOLKIT_SOCKET TOOLKIT_DATA_DIR XDG_CONFIG_HOME
fi

UNITS=$DEST/usr/lib/systemd/user
for unit in toolkit:serve toolkit-web:web; do
    name=${unit%%:*} command=${unit#*:}
    [ -f "$UNITS/$name.service" ] || continue
    grep -qx "ExecStart=/usr/bin/toolkit $command" "$UNITS/$name.service" ||
        fail "$name.service does not start /usr/bin/toolkit $command:" \
            "$(grep '^ExecStart=' "$UNITS/$name.service" || echo 'no ExecStart')"
done
grep -qx 'Type=notify' "$UNITS/toolkit.service" ||
    fail "the core's unit is not Type=notify, so systemd would not wait for the core's READY=1"
grep -qx 'After=toolkit.service' "$UNITS/toolkit-web.service" || fail "toolkit-web.service does not start after the core"
if command -v systemd-analyze >/dev/null; then
    # verify looks for ExecStart's binary and the Documentation= page on this machine: point both at the staged
    # copies. Any message (an unknown key, say) counts as a failure.
    mkdir "$TMP/unit"
    for name in toolkit toolkit-web; do
        sed "s|^ExecStart=/usr/bin/toolkit |ExecStart=$BIN |" "$UNITS/$name.service" >"$TMP/unit/$name.service"
    done
    if ! MANPATH=$DEST/usr/share/man systemd-analyze verify "$TMP/unit/toolkit.service" \
        "$TMP/unit/toolkit-web.service" >"$TMP/verify.out" 2>&1 || [ -s "$TMP/verify.out" ]; then
        cat "$TMP/verify.out" >&2
        fail "systemd-analyze verify rejects the installed units"
    fi
else
    echo "install smoke: systemd-analyze not found, units not verified"
fi

BASHCOMP=$DEST/usr/share/bash-completion/completions/toolkit
[ ! -f "$BASHCOMP" ] || bash -n "$BASHCOMP" || fail "the bash completion script does not parse"
[ ! -s "$BASHCOMP" ] || grep -q 'complete .*toolkit' "$BASHCOMP" || fail "the bash completion registers nothing"
ZSHCOMP=$DEST/usr/share/zsh/site-functions/_toolkit
[ ! -f "$ZSHCOMP" ] || [ "$(head -n1 "$ZSHCOMP")" = "#compdef toolkit" ] || fail "_toolkit lacks #compdef toolkit"
if command -v zsh >/dev/null && [ -f "$ZSHCOMP" ]; then zsh -n "$ZSHCOMP" || fail "_toolkit does not parse"; fi
FISHCOMP=$DEST/usr/share/fish/vendor_completions.d/toolkit.fish
[ ! -f "$FISHCOMP" ] || grep -Eq "^complete -c '?toolkit'? " "$FISHCOMP" || fail "toolkit.fish completes nothing"
if command -v fish >/dev/null && [ -f "$FISHCOMP" ]; then fish -n "$FISHCOMP" || fail "toolkit.fish does not parse"; fi

if command -v man >/dev/null; then
    # man -l formats a file as man(1) would, with groff's warnings on (--warnings); they go to stderr.
    for page in "$DEST"/usr/share/man/man1/*.1; do
        [ -f "$page" ] || continue
        name=$(basename "$page" .1)
        if ! LC_ALL=C.UTF-8 MANWIDTH=100 man --warnings -l "$page" >"$TMP/page.txt" 2>"$TMP/page.err" ||
            [ -s "$TMP/page.err" ]; then
            cat "$TMP/page.err" >&2
            fail "man -l $name.1 does not render cleanly"
        elif ! grep -q '^NAME' "$TMP/page.txt" || ! grep -q "^ *${name//./ } " "$TMP/page.txt"; then
            fail "man -l $name.1 renders without a NAME section naming ${name//./ }"
        fi
    done
    # The top page states what toolkit is: its abstract.
    LC_ALL=C.UTF-8 MANWIDTH=100 man -l "$DEST/usr/share/man/man1/toolkit.1" 2>/dev/null |
        grep -q 'pet photo diary' || fail "man -l toolkit.1 does not show the command's abstract"
else
    echo "install smoke: man not found, pages not rendered"
fi

if ! make -s -C "$ROOT" SWIFT="$SWIFT" uninstall DESTDIR="$DEST" PREFIX=/usr >"$TMP/uninstall.log" 2>&1; then
    cat "$TMP/uninstall.log" >&2
    fail "make uninstall DESTDIR=$DEST PREFIX=/usr failed"
fi
LEFT=$(cd "$DEST" && find . -mindepth 1 ! -type d -printf '%P\n')
[ -z "$LEFT" ] || fail "make uninstall left: $(echo $LEFT)"

[ "$FAILED" = 0 ] || exit 1
echo "install smoke: make install staged the binary, $PAGES man pages, 3 completions, the user units and the" \
    "4 shipped plugins (which the installed core loads); make uninstall removed them"
