/// `archive.beforeCreate`: called before `archive.create` writes an archive (before its lock is taken). A
/// plugin may refuse; it cannot change anything.
public enum ArchiveBeforeCreate: APIHook {
    public static let name = "archive.beforeCreate"

    /// `{directory}`.
    public struct Params: Codable, Sendable, Hashable {
        /// Where the archive is about to be written.
        public var directory: String

        /// Makes params.
        public init(directory: String) {
            self.directory = directory
        }
    }
}
