#!/usr/bin/env bash
# Prints which of the project's modules each module imports (its `import` lines), and fails when an arrow goes where
# DESIGN.md forbids: JSONRPC, Audio, Archiving and Media know nothing of the daemon or the domain; PetDiary knows no
# protocol; ToolkitAPI knows JSONRPC only; PluginHost knows no diary or media; ChildProcesses (how every child
# starts and ends) knows only its C spawn shim; FFmpeg knows only ChildProcesses, and only the media and the diary's
# side (Media, PetDiary, ToolkitCore, the command) may use it; MCPBridge is a client of the core (JSONRPC and
# ToolkitAPI only), and so is ToolkitWeb (its link is JSONRPC's RPCLink as the bridge makes it); the plugin SDK
# knows JSONRPC and ToolkitAPI only; Hashing knows none of ours; the test support library knows ChildProcesses only.
# Sharing (the diary's backups, exports and imports) knows no socket, no plugin host and no core: only ToolkitCore
# and the command may use it, and it throws no JSON-RPC errors of its own (ToolkitCore/Errors maps its errors).
#   Tests/Smoke/layering.sh          the graph, then OK or the forbidden arrows (exit 1)
set -euo pipefail
cd "$(dirname "$0")/../.."

ours=$(ls Sources)
declare -A forbidden=(
    [JSONRPC]="ToolkitAPI PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [Audio]="JSONRPC ToolkitAPI PetDiary Media Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [Archiving]="JSONRPC ToolkitAPI PetDiary Media Audio PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [Media]="JSONRPC ToolkitAPI PetDiary Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport"
    [ToolkitAPI]="PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [PetDiary]="JSONRPC ToolkitAPI PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport"
    [PluginHost]="PetDiary Media ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [ToolkitCore]="ToolkitCoreTesting ToolkitTestSupport"
    [FFmpeg]="JSONRPC ToolkitAPI PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport"
    [ChildProcesses]="JSONRPC ToolkitAPI PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg Hashing Sharing"
    [MCPBridge]="PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [ToolkitPlugin]="PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg MCPBridge ToolkitWeb Hashing"
    [ToolkitWeb]="PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [Hashing]="JSONRPC ToolkitAPI PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport FFmpeg"
    [Sharing]="PluginHost ToolkitCore ToolkitCoreTesting ToolkitTestSupport MCPBridge ToolkitWeb"
    [ToolkitTestSupport]="JSONRPC ToolkitAPI PetDiary Media Audio Archiving PluginHost ToolkitCore ToolkitCoreTesting FFmpeg"
)
# Modules only some may import: the module, then its importers.
declare -A importers=(
    [Sharing]="ToolkitCore toolkit"
    [FFmpeg]="Media PetDiary ToolkitCore toolkit"
)

status=0
for module in $ours; do
    [ -d "Sources/$module" ] || continue
    imports=$(grep -rhoE '^\s*(@testable |public |package |internal |@_exported )*import +[A-Za-z_]+' \
        "Sources/$module" --include='*.swift' | awk '{print $NF}' | sort -u || true)
    mine=$(comm -12 <(printf '%s\n' $imports) <(printf '%s\n' $ours | sort))
    printf '%-20s -> %s\n' "$module" "$(echo $mine)"
    for target in $mine; do
        if [ -n "${importers[$target]:-}" ] && [[ " ${importers[$target]} " != *" $module "* ]]; then
            echo "  forbidden: $module imports $target (only ${importers[$target]} may)" >&2
            status=1
        fi
        for banned in ${forbidden[$module]:-}; do
            if [ "$target" = "$banned" ]; then
                echo "  forbidden: $module imports $target" >&2
                status=1
            fi
        done
    done
done

# toolkit-web's modules import FoundationEssentials, never all of Foundation (only as the #else of a
# canImport(FoundationEssentials)): Foundation brings ICU's 30 MB of tables and the pages touched with them
# (Benchmarks/web/run.sh, idle RSS).
for module in JSONRPC ToolkitAPI MCPBridge ToolkitWeb toolkit-web; do
    whole=$(awk 'FNR == 1 { previous = "" }
        /^(@preconcurrency |public |package )*import Foundation$/ && previous != "#else" { print FILENAME ":" FNR }
        { previous = $0 }' $(find "Sources/$module" -name '*.swift'))
    if [ -n "$whole" ]; then
        printf '  forbidden: %s imports Foundation (FoundationEssentials only): %s\n' "$module" "$whole" >&2
        status=1
    fi
done

# Sharing's errors are its own; ToolkitCore/Errors gives them their JSON-RPC codes.
if grep -rnE '\bRPC(Error|Handler|Context|Server)\b' Sources/Sharing --include='*.swift' \
    | grep -v '^[^:]*:[0-9]*: *///' >&2; then
    echo "  forbidden: Sharing names JSON-RPC's errors or server (map its errors in ToolkitCore/Errors)" >&2
    status=1
fi
[ $status -eq 0 ] && echo "layering: OK"
exit $status
