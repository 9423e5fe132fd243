import CFuzzer
import Glibc
import JSONRPC
import NIOCore

@testable import MCPBridge  // ToolCallResult: the translation of results, internal to MCPBridge
@testable import ToolkitAPI  // inKeyOrder: members sorted by name, at every depth

/// Reads arbitrary bytes as the core's answer to `rpc.discover`, as `toolkit mcp` does when it starts and when
/// plugins come or go: parsed as a ``JSONValue`` (the bridge's decoding) and, when it parses, made into the
/// bridge's tools. Nothing may crash, and every tool must be one a client accepts: a name matching
/// `^[a-zA-Z0-9_-]{1,64}$` and no other tool's, input and output schemas that are objects saying
/// `"type": "object"`, and a `tools/list` answer that is JSON. The bytes, taken as a method's result as the core
/// sends it, and each method's entry, must become a `tools/call` result that is JSON on one line (MCP's framing),
/// whose structured content is an object and whose text is the result unchanged (the bridge copies a result's
/// bytes into its answer without decoding them).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMCPSchema(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let raw = RawJSON(buffer: ByteBuffer(bytes: UnsafeRawBufferPointer(start: start, count: count)))
    guard let document = try? raw.decode(JSONValue.self) else { return 0 }
    if let catalogue = try? ToolCatalogue(discovery: document) {
        checkTools(catalogue)
    }
    var results: [RawJSON] = [raw]
    if case .array(let methods)? = document["methods"] { results += methods.prefix(64).map { RawJSON($0) } }
    for result in results {
        checkToolResult(of: result, decoded: (try? result.decode(JSONValue.self)) ?? document)
    }
    return 0
}

private func checkTools(_ catalogue: ToolCatalogue) {
    var names: Set<String> = []
    for bridged in catalogue.tools {
        let name = bridged.tool.name
        precondition(isValidToolName(name), "tool name \(name.debugDescription) is not one every client accepts")
        precondition(names.insert(name).inserted, "two tools are named \(name.debugDescription)")
        precondition(catalogue.tool(named: name)?.method == bridged.method, "\(name) does not find its method")
        precondition(isObjectSchema(bridged.tool.inputSchema), "\(name)'s inputSchema: \(bridged.tool.inputSchema)")
        precondition(isObjectSchema(bridged.tool.outputSchema), "\(name)'s outputSchema: \(bridged.tool.outputSchema)")
    }
    let listing = ToolList(policy: BridgePolicy(allowDestructive: true))
    _ = listing.replace(with: catalogue)
    precondition((try? listing.listing.decode(JSONValue.self)) != nil, "tools/list is not JSON")
}

private func checkToolResult(of raw: RawJSON, decoded value: JSONValue) {
    for wraps in [false, true] {
        let tool = BridgedTool(
            tool: MCPTool(
                name: "t", title: "t", description: "", inputSchema: ["type": "object"], outputSchema: [:],
                annotations: .init(readOnlyHint: true)),
            method: "t", effect: .read, provider: "builtin", takesProgress: false, wrapsResult: wraps)
        guard let answer = try? ToolCallResult.success(raw, of: tool).json else {
            preconditionFailure("the result \(raw.text) (wrapped: \(wraps)) was refused")
        }
        precondition(
            !answer.buffer.readableBytesView.contains { $0 == 0x0A || $0 == 0x0D },
            "the answer to \(raw.text) holds a line break: \(answer.text)")
        guard let parsed = try? answer.decode(JSONValue.self), case .object? = parsed["structuredContent"],
            case .array(let content)? = parsed["content"], case .string(let text)? = content.first?["text"],
            let echoed = try? RawJSON(unchecked: text).decode(JSONValue.self)
        else {
            preconditionFailure("the answer to \(raw.text) (wrapped: \(wraps)) is \(answer.text)")
        }
        precondition(echoed.inKeyOrder == value.inKeyOrder, "the text of \(raw.text) came back as \(text)")
    }
}

/// `^[a-zA-Z0-9_-]{1,64}$`, written out rather than asked of the namer under test.
private func isValidToolName(_ name: String) -> Bool {
    (1...64).contains(name.unicodeScalars.count)
        && name.unicodeScalars.allSatisfy {
            switch $0 {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
            default: false
            }
        }
}

private func isObjectSchema(_ schema: JSONValue) -> Bool {
    guard case .object = schema, case .string("object")? = schema["type"] else { return false }
    return true
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzMCPSchema(data!, size) })
    }
}
