/// A hook of the core's catalogue: a request the core sends the plugins that declared it before it stores
/// a change, named after the hook, with the params it shows them and takes back changed.
///
/// The core asks with the type, a plugin answers with it (`plugin.hook(EntryBeforeSave.self) { … }`), and
/// both read the name from ``name``. ``HookCatalogue`` lists them all; the answer is a ``HookReply``.
public protocol APIHook: Sendable {
    /// What the core sends, and what a plugin answering `continue` with changed params gives back whole.
    associatedtype Params: Codable & Sendable
    /// The hook's name, which is also the method the core calls: `photo.beforeImport`.
    static var name: String { get }
}
