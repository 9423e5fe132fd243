public import JSONRPC

/// A tool as `tools/list` shows it.
public struct MCPTool: Sendable, Hashable {
    /// MCP's hints about what a call does; clients show them and may ask before a destroying call.
    public struct Annotations: Sendable, Hashable {
        /// The tool changes nothing.
        public var readOnlyHint: Bool
        /// The tool may delete or replace data for good (nil for a tool that reads, where it means nothing).
        public var destructiveHint: Bool?
    }

    /// The name a client calls it by (`pets_create`).
    public var name: String
    /// The name shown to people: the core's method (`pets.create`).
    public var title: String
    public var description: String
    /// An object schema of its arguments.
    public var inputSchema: JSONValue
    /// An object schema of its structured result.
    public var outputSchema: JSONValue
    public var annotations: Annotations

    /// The tool's entry in a `tools/list` answer.
    public var json: JSONValue {
        var hints: [(String, JSONValue)] = [("readOnlyHint", .bool(annotations.readOnlyHint))]
        if let destructive = annotations.destructiveHint { hints.append(("destructiveHint", .bool(destructive))) }
        return .object([
            ("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
            ("inputSchema", inputSchema), ("outputSchema", outputSchema), ("annotations", .object(hints)),
        ])
    }
}
