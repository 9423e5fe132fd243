import MCP

/// The tools of the core as last discovered, rebuilt when its methods change.
actor ToolList {
    private(set) var catalogue: ToolCatalogue?

    /// Replaces the catalogue; whether the tools a client sees under `policy` changed.
    func replace(with new: ToolCatalogue, policy: BridgePolicy) -> Bool {
        let before = catalogue.map { Self.visible($0, policy) }
        catalogue = new
        return before != Self.visible(new, policy)
    }

    /// The tools `policy` lets a client see, to compare two catalogues by.
    private static func visible(_ catalogue: ToolCatalogue, _ policy: BridgePolicy) -> [Tool] {
        catalogue.tools.filter { policy.allows($0.effect) }.map(\.tool)
    }
}
