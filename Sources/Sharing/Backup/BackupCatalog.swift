import Archiving
package import ToolkitAPI

/// `archive.list`: the archives of a directory as their manifests describe them.
package enum BackupCatalog {
    /// The archives in `directory`, oldest first, after the one named `cursor`, at most `limit`, each read
    /// from its first member only; the cursor of the next page is the last item's name.
    /// - Throws: ``SharingError`` `.invalid` (-32602) for a bad limit or cursor, ``ArchiveError`` (-32007) naming
    ///   an archive whose manifest cannot be read.
    package static func list(
        _ directory: String, limit: Int? = nil, cursor: String? = nil
    ) async throws -> PageRecord<ArchiveListItem> {
        let limit = limit ?? 20
        guard (1...500).contains(limit) else {
            throw SharingError.invalid("limit is \(limit); give 1 to 500.", field: "limit")
        }
        var files = BackupDirectory.archives(in: directory)
        if let cursor {
            guard let after = BackupFileName(parsing: cursor) else {
                throw SharingError.invalid(
                    "cursor '\(cursor)' is not a nextCursor this method gave; start again without one.", field: "cursor"
                )
            }
            files = files.filter { $0 > after }
        }
        let page = files.prefix(limit)
        var items: [ArchiveListItem] = []
        for file in page {
            let path = directory + "/" + file.name
            let manifest = try await BackupHead.read(path, state: false).manifest
            items.append(
                ArchiveListItem(
                    path: path, name: file.name, kind: manifest.kindName, createdAt: manifest.createdAt,
                    previous: manifest.parent, size: LatestBackup.status(path)?.0 ?? 0,
                    counts: ArchiveCounts(manifest.counts ?? [:])))
        }
        return PageRecord(items: items, nextCursor: files.count > limit ? page.last?.name : nil)
    }
}
