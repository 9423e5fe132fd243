import ArgumentParser
import Sharing
import ToolkitAPI
import ToolkitCore

extension ArchiveRun {
    /// Every archive of `directory` (nil: the configured one), oldest first, a page at a time.
    func archives(in directory: String?) async throws -> [ArchiveListItem] {
        var items: [ArchiveListItem] = []
        var cursor: String?
        repeat {
            let page: ArchiveList.Result
            switch self {
            case .core(let client):
                page = try await ArchiveRun.call(
                    client, ArchiveList.self, .init(to: directory, limit: 500, cursor: cursor))
            case .offline(let offline):
                page = try await BackupCatalog.list(
                    try offline.archiveDirectory(directory), limit: 500, cursor: cursor)
            }
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    /// The path of the archive `argument` names: a bare name, as `toolkit archive list` prints it, is found
    /// in the archive directory; anything with a slash is a path, made absolute against the current directory.
    /// - Throws: ``ArchiveCommandFailure`` when no archive of the directory has that name.
    func archivePath(_ argument: String, directory: String?) async throws -> String {
        guard !argument.contains("/") else { return absolutePath(argument) }
        if let item = try await archives(in: directory).first(where: { $0.name == argument }) { return item.path }
        throw ArchiveCommandFailure(
            "No archive is named '\(argument)' in the archive directory; see toolkit archive list (a path with a "
                + "slash, like ./\(argument), is read as a path).")
    }
}
