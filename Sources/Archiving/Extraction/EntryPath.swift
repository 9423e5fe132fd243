/// A member path judged safe to create under a target directory: relative, no `..`, no empty name.
package struct EntryPath: Hashable {
    /// The path's components, without `.` and empty ones.
    package var components: [String]

    /// Judges `entry`'s path.
    /// - Throws: `ArchiveError.unsafeEntry` naming the member with reason `absolute-path`,
    ///   `path-traversal` or `bad-name`.
    package init(_ entry: TarEntry) throws {
        let path = entry.path
        guard entry.pathIsValidUTF8, !path.utf8.contains(0) else {
            throw ArchiveError(
                .unsafeEntry, "\(path): the member's name is not valid UTF-8; refused", entry: path,
                reason: "bad-name")
        }
        guard !path.hasPrefix("/") else {
            throw ArchiveError(
                .unsafeEntry, "\(path): absolute paths are refused; members must be relative to the target",
                entry: path, reason: "absolute-path")
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains("..") else {
            throw ArchiveError(
                .unsafeEntry, "\(path): paths with '..' are refused; the member would land outside the target",
                entry: path, reason: "path-traversal")
        }
        components = parts.map(String.init)
    }

    /// The path for messages.
    package var joined: String { components.joined(separator: "/") }
}

extension EntryPath {
    /// `path` without `.` and empty components, for comparing names (`./a//b` is `a/b`).
    package static func normalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: "/")
    }
}
