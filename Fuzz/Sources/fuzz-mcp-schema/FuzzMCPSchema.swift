import CFuzzer
import Glibc
import JSONRPC
import MCP
import NIOCore

@testable import MCPBridge  // ToolSchema: the translation of results, internal to MCPBridge
@testable import ToolkitAPI  // inKeyOrder: members sorted by name, at every depth

/// Reads arbitrary bytes as the core's answer to `rpc.discover`, as `toolkit mcp` does when it starts and when
/// plugins come or go: parsed as a ``JSONValue`` (the bridge's decoding) and, when it parses, made into the
/// bridge's tools. Nothing may crash, and every tool must be one a client accepts: a name matching
/// `^[a-zA-Z0-9_-]{1,64}$` and no other tool's, input and output schemas that are objects saying
/// `"type": "object"`. The document and each of its values, taken as a method's result, must become structured
/// content that is an object, and must convert to the SDK's `Value` and back unchanged, members aside: a
/// dictionary keeps no order (both sides are compared in name order) and one value per name (values with a
/// repeated name, as Swift's `String` compares names, are left out of that comparison).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMCPSchema(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let raw = RawJSON(buffer: ByteBuffer(bytes: UnsafeRawBufferPointer(start: start, count: count)))
    guard let document = try? raw.decode(JSONValue.self) else { return 0 }
    if let catalogue = try? ToolCatalogue(discovery: document) {
        checkTools(catalogue)
    }
    var values: [JSONValue] = [document]
    if case .array(let methods)? = document["methods"] { values += methods.prefix(64) }
    for value in values {
        checkStructuredContent(of: value)
        checkConversion(of: value)
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
        precondition(
            bridged.tool.outputSchema.map(isObjectSchema) == true,
            "\(name)'s outputSchema: \(String(describing: bridged.tool.outputSchema))")
    }
}

private func checkStructuredContent(of value: JSONValue) {
    for wrapped in [false, true] {
        let content = ToolSchema.structuredContent(value, wrapped: wrapped)
        guard case .object = content, case .object = MCP.Value(content) else {
            preconditionFailure("structured content of \(value.text) (wrapped: \(wrapped)) is \(content.text)")
        }
    }
}

private func checkConversion(of value: JSONValue) {
    guard !hasRepeatedMemberNames(value) else { return }
    let back = JSONValue(MCP.Value(value))
    precondition(
        back.inKeyOrder == value.inKeyOrder, "\(value.text) came back from MCP.Value as \(back.text)")
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

private func isObjectSchema(_ schema: MCP.Value) -> Bool {
    guard case .object(let members) = schema, case .string("object")? = members["type"] else { return false }
    return true
}

private func hasRepeatedMemberNames(_ value: JSONValue) -> Bool {
    switch value {
    case .object(let members):
        Set(members.map(\.0)).count != members.count || members.contains { hasRepeatedMemberNames($0.1) }
    case .array(let items): items.contains(where: hasRepeatedMemberNames)
    default: false
    }
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzMCPSchema(data!, size) })
    }
}
