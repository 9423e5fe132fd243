public import JSONRPC
public import ToolkitAPI

/// A type a plugin option may have: protocol 1 knows strings, integers, numbers and booleans.
public protocol PluginOptionValue: Sendable {
    /// The manifest's `type`: `string`, `integer`, `number` or `boolean`.
    static var optionType: PluginOptionRecord.Kind { get }
    /// The value as JSON, for the manifest's `default`.
    var json: JSONValue { get }
    /// The value `json` holds, or nil when it is of another type.
    init?(json: JSONValue)
}

extension Int: PluginOptionValue {
    public static var optionType: PluginOptionRecord.Kind { .integer }
    public var json: JSONValue { .int(self) }
    public init?(json: JSONValue) {
        switch json {
        case .int(let value): self = value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: self = Int(value)
        default: return nil
        }
    }
}

extension Double: PluginOptionValue {
    public static var optionType: PluginOptionRecord.Kind { .number }
    public var json: JSONValue { .double(self) }
    public init?(json: JSONValue) {
        switch json {
        case .int(let value): self = Double(value)
        case .double(let value): self = value
        default: return nil
        }
    }
}

extension String: PluginOptionValue {
    public static var optionType: PluginOptionRecord.Kind { .string }
    public var json: JSONValue { .string(self) }
    public init?(json: JSONValue) {
        guard case .string(let value) = json else { return nil }
        self = value
    }
}

extension Bool: PluginOptionValue {
    public static var optionType: PluginOptionRecord.Kind { .boolean }
    public var json: JSONValue { .bool(self) }
    public init?(json: JSONValue) {
        guard case .bool(let value) = json else { return nil }
        self = value
    }
}
