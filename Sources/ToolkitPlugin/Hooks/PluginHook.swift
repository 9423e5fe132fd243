/// A hook the core calls before it stores a change: its name and the params it sends (and takes back
/// changed). ``PhotoBeforeImport`` and ``EntryBeforeSave`` are protocol 1's.
public protocol PluginHook: Sendable {
    /// What the core sends, and what a plugin answering ``HookAnswer/change(_:)`` gives back whole.
    associatedtype Params: Codable & Sendable
    /// The hook's name, which is also the method the core calls: `photo.beforeImport`.
    static var name: String { get }
}
