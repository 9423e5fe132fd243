public import JSONRPC

/// What the bridge lets a model do: reading tools always; writing tools unless `--read-only`; destroying tools
/// only with `--allow-destructive` (and then each call asks the user first when the client can ask).
public struct BridgePolicy: Sendable, Hashable {
    /// Only reading tools are listed and callable.
    public var readOnly: Bool
    /// Destroying tools (deletes, `diary.deleteAll`, `archive.prune`, …) are listed and callable.
    public var allowDestructive: Bool

    /// Directories (absolute) under which tools may name files, besides the client's roots: the config's
    /// `mcp.roots`.
    public var roots: [String]
    /// Whether `photos.import` may fetch from loopback, link-local and private addresses (the config's
    /// `mcp.allowPrivateURLs`); without it the bridge asks the core for public addresses only.
    public var allowPrivateURLs: Bool

    public init(
        readOnly: Bool = false, allowDestructive: Bool = false, roots: [String] = [], allowPrivateURLs: Bool = false
    ) {
        self.readOnly = readOnly
        self.allowDestructive = allowDestructive
        self.roots = roots
        self.allowPrivateURLs = allowPrivateURLs
    }

    /// Whether tools of `effect` are listed and may be called.
    public func allows(_ effect: RPCMethodEffect) -> Bool {
        switch effect {
        case .read: true
        case .write: !readOnly
        case .destroy: !readOnly && allowDestructive
        }
    }

    /// Why `tool` may not be called, as its tool error says it; nil when it may.
    func refusal(of tool: BridgedTool) -> String? {
        guard !allows(tool.effect) else { return nil }
        switch tool.effect {
        case .read:
            return nil
        case .write:
            return "\(tool.tool.name) (\(tool.method)) changes the diary, and this bridge was started with "
                + "--read-only, which allows only reading tools."
        case .destroy:
            return "\(tool.tool.name) (\(tool.method)) deletes data that cannot be got back; the bridge offers it "
                + "only when started \(destructiveFlags) (toolkit mcp --allow-destructive)."
        }
    }

    /// Why a call of a writing tool that destroys by its arguments (`destruction` says how) may not go ahead;
    /// nil when destroying tools are allowed.
    func refusal(of tool: BridgedTool, destroying destruction: String) -> String? {
        guard !allows(.destroy) else { return nil }
        return "\(tool.tool.name): \(destruction), which the bridge allows only when started \(destructiveFlags) "
            + "(toolkit mcp --allow-destructive); nothing was changed."
    }

    private var destructiveFlags: String {
        readOnly ? "without --read-only and with --allow-destructive" : "with --allow-destructive"
    }
}
