import Foundation
public import JSONRPC
public import MCP

/// The two JSON trees side by side: the core's ``JSONRPC/JSONValue`` (members in order) and the MCP SDK's
/// `Value` (members in a dictionary).
extension MCP.Value {
    /// The MCP value of a core value; an object's members keep their last value when a name repeats.
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(MCP.Value.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.0, MCP.Value($0.1)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

extension JSONValue {
    /// The core value of an MCP value: members in name order (a dictionary has none of its own), and binary
    /// data as the `data:` URL the SDK decoded it from.
    public init(_ value: MCP.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .data(let mimeType, let bytes):
            self = .string("data:\(mimeType ?? "application/octet-stream");base64,\(bytes.base64EncodedString())")
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members):
            self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, JSONValue($0.value)) })
        }
    }
}
