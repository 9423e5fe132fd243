public import ToolkitAPI

/// One plugin as `plugins.list` shows it (``record``), with its lifecycle state as the host knows it;
/// `status.name` and the record's other fields read through.
@dynamicMemberLookup
public struct PluginStatus: Sendable, Hashable {
    /// What the `plugins.*` methods answer.
    public var record: PluginRecord
    /// The state ``record`` names.
    public var state: PluginLifecycle.State

    public subscript<Field>(dynamicMember field: KeyPath<PluginRecord, Field>) -> Field { record[keyPath: field] }
}
