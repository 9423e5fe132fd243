import Archiving

/// The refusal of a bundle member that is not a plain file: the same reasons as the Archiving library's
/// extractor (`symlink`, `hardlink`, `device`, `fifo`, `unsupported-type`).
enum BundleRefusal {
    static func of(_ entry: TarEntry) -> ArchiveError {
        let path = entry.path
        let reason: String
        let what: String
        switch entry.kind {
        case .symbolicLink:
            (reason, what) = ("symlink", "a symbolic link (to '\(entry.linkTarget ?? "")')")
        case .hardLink:
            (reason, what) = ("hardlink", "a hard link (to '\(entry.linkTarget ?? "")')")
        case .characterDevice, .blockDevice:
            (reason, what) = ("device", "a device file")
        case .fifo:
            (reason, what) = ("fifo", "a FIFO")
        case .directory:
            (reason, what) = ("unexpected", "a directory a share bundle does not have")
        default:
            (reason, what) = ("unsupported-type", "a \(entry.kind)")
        }
        return ArchiveError(
            reason == "unsupported-type" ? .unsupportedEntry : .unsafeEntry,
            "\(path): \(what) is refused; a share bundle holds only the files its manifest lists, so nothing "
                + "was imported", entry: path, reason: reason)
    }
}
