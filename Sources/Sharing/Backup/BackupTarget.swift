import Glibc

/// Where archive methods work, checked the same way for the core's handlers and the offline CLI.
package enum BackupTarget {
    /// The archive directory: `to` (absolute), else `configured` (the config's `archiveDir`), else the
    /// default in `dataDirectory`.
    /// - Throws: ``SharingError`` `.invalid` (-32602) naming `to` when it is relative.
    package static func directory(_ to: String?, dataDirectory: String, configured: String? = nil) throws -> String {
        guard let to else { return configured ?? BackupDirectory.defaultPath(dataDirectory: dataDirectory) }
        guard to.hasPrefix("/") else {
            throw SharingError.invalid("to '\(to)' is relative; give an absolute directory.", field: "to")
        }
        return to.count > 1 && to.hasSuffix("/") ? String(to.dropLast()) : to
    }

    /// Checks that `path` names an archive file that exists.
    /// - Throws: ``SharingError``: `.invalid` (-32602) for a relative path, `.notFound` (-32001) when there is no file.
    package static func existingArchive(_ path: String) throws {
        guard path.hasPrefix("/") else {
            throw SharingError.invalid("path '\(path)' is relative; give an absolute path.", field: "path")
        }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw SharingError(
                .notFound, "There is no archive file at \(path); see toolkit archive list.", kind: "archive", id: path)
        }
    }

    /// The retention of `archive.prune`'s params.
    /// - Throws: ``SharingError`` `.invalid` (-32602) when no keep* is above 0 or one is negative.
    package static func retention(
        keepLast: Int?, keepDaily: Int?, keepWeekly: Int?, keepMonthly: Int?
    ) throws -> BackupRetention {
        for (field, value) in [
            ("keepLast", keepLast), ("keepDaily", keepDaily), ("keepWeekly", keepWeekly), ("keepMonthly", keepMonthly),
        ] where (value ?? 0) < 0 {
            throw SharingError.invalid("\(field) is \(value ?? 0); give 0 or more.", field: field)
        }
        let retention = BackupRetention(
            keepLast: keepLast ?? 0, keepDaily: keepDaily ?? 0, keepWeekly: keepWeekly ?? 0,
            keepMonthly: keepMonthly ?? 0)
        guard retention.keepsAnything else {
            throw SharingError.invalid(
                "Give at least one of keepLast, keepDaily, keepWeekly, keepMonthly above 0; pruning with none would "
                    + "remove every archive.",
                field: "keepLast")
        }
        return retention
    }
}
