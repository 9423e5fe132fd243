public import JSONRPC

/// A hook as the manifest lists it: `{name, timeout?, onFailure?, before?, after?}`.
public struct HookDeclaration: Sendable, Hashable {
    /// What the core does when the plugin is not ready, errs or misses the deadline.
    public enum FailurePolicy: String, Sendable, Hashable {
        /// Fail open: as if the plugin had answered continue (the core's default).
        case `continue`
        /// Fail closed: the client gets -32004 with `data.reason` `"failed"`.
        case reject
    }

    /// `photo.beforeImport` or `entry.beforeSave`.
    public var name: String
    /// The deadline of each call; the core's default (5 s) when nil, at most 60 s.
    public var timeout: Duration?
    /// The core's default (`continue`) when nil.
    public var onFailure: FailurePolicy?
    /// Plugins this one runs before.
    public var before: [String]
    /// Plugins this one runs after.
    public var after: [String]

    /// The declaration as JSON: the bare name when nothing else is set.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name))]
        if let timeout { members.append(("timeout", Plugin.seconds(timeout))) }
        if let onFailure { members.append(("onFailure", .string(onFailure.rawValue))) }
        if !before.isEmpty { members.append(("before", .array(before.map { .string($0) }))) }
        if !after.isEmpty { members.append(("after", .array(after.map { .string($0) }))) }
        return members.count == 1 ? .string(name) : .object(members)
    }
}
