/// The toolkit's version, printed by `toolkit --version` and reported by `system.info`.
public enum ToolkitVersion {
    public static let current = "0.1.0"
}
