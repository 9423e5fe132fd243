/// The version printed by `toolkit --version` and reported by `system.info`.
enum ToolkitVersion {
    static let current = "0.1.0"
}
