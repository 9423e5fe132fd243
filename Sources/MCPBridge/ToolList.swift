import JSONRPC
import NIOConcurrencyHelpers

/// The tools of the core as last discovered, rebuilt when its methods change, with the `tools/list` answer
/// the policy lets a client see made once per change rather than at each listing.
final class ToolList: Sendable {
    private struct State {
        var catalogue: ToolCatalogue?
        var visible: [MCPTool] = []
        var listing = RawJSON(["tools": []])
    }

    private let policy: BridgePolicy
    private let state = NIOLockedValueBox(State())

    init(policy: BridgePolicy) {
        self.policy = policy
    }

    /// Replaces the catalogue; whether the tools a client sees changed.
    func replace(with new: ToolCatalogue) -> Bool {
        let visible = new.tools.filter { policy.allows($0.effect) }.map(\.tool)
        let listing = RawJSON(.object([("tools", .array(visible.map(\.json)))]))
        return state.withLockedValue { state in
            let changed = state.catalogue == nil || state.visible != visible
            state = State(catalogue: new, visible: visible, listing: listing)
            return changed
        }
    }

    /// The tool named `name`, listed or not (a call of one the policy hides is refused, naming the flag).
    func tool(named name: String) -> BridgedTool? {
        state.withLockedValue { $0.catalogue?.tool(named: name) }
    }

    /// The `tools/list` answer: every tool the policy allows, on one page.
    var listing: RawJSON { state.withLockedValue { $0.listing } }
}
