import NIOConcurrencyHelpers
import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// `toolkit photos import PATH... --album TITLE|ID`: brings files into an album, with a progress bar.
struct PhotosCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photos",
        abstract: "Import, list and show photos and videos; write memos, mark favourites, get copies and thumbnails.",
        discussion: """
              toolkit photos import ~/Pictures/walk --album Walks    every file of a directory
              toolkit photos import a.jpg b.mov --album ID           an album by its title or its id
              toolkit photos list --album Walks --from 2024-05-01
              toolkit photos show ID                                 its record: when, codecs, memo
              toolkit photos memo ID "공원에서 첫 산책"
              toolkit photos favourite ID                            or unfavourite ID
              toolkit photos rendition ID --wait                     a video's browser-playable copy
              toolkit photos thumbnail ID -o thumb.jpg               a thumbnail or poster
            The core reads the files itself, so it must run as your user on this machine. The type comes \
            from the content: JPEG, PNG, GIF, WebP, HEIC, MP4, MOV, WebM, MKV, AVI; other files are skipped with a \
            reason.
            """,
        subcommands: [
            Import.self, List.self, Show.self, Memo.self, Favourite.self, Unfavourite.self, Rendition.self,
            Thumbnail.self,
        ]
    )

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import files, directories or http(s) URLs into an album and print the new photos' ids.",
            discussion: """
                Prints the id of each photo on its own line (with its file name when there are several), so a \
                script can go on with it: toolkit diary add --photo "$(toolkit photos import a.jpg --album Walks)". \
                What was imported, found already there or skipped is summed up on stderr; --json prints the \
                core's result instead.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Files, directories whose files are imported, or http(s) URLs.") var paths: [String]
        @Option(help: ArgumentHelp("The album to import into, by title or id.", valueName: "title|id"))
        var album: String
        @Option(
            help: ArgumentHelp(
                "Whose album --album is, by name or id: two pets' albums may share a title.", valueName: "name|id"))
        var pet: String?
        @Flag(help: "Also the files in subdirectories.") var recursive = false
        @Flag(help: "No progress display.") var quiet = false

        func run() async throws {
            let urls = paths.filter(Self.isURL)
            let files = try Self.expand(paths.filter { !Self.isURL($0) }, recursive: recursive)
            guard !files.isEmpty || !urls.isEmpty else {
                throw ValidationError("No files to import in \(paths.joined(separator: ", ")).")
            }
            try await withCore(global, flags: ParamFlags(self)) { core in
                let progress = ImportProgress(total: files.count, enabled: !quiet)
                let watcher = Task { [client = core.client] in
                    for await notification in client.notifications
                    where notification.method == ProgressNotification.method {
                        if let params = notification.params, let done = Self.done(in: params) {
                            progress.show(done: done)
                        }
                    }
                }
                defer { watcher.cancel() }
                let albumId = try await core.albumId(
                    for: album, petId: try await pet.asyncMap { try await core.petId(for: $0) })
                var summary = PhotosImportMany.Result()
                if !files.isEmpty {
                    let params = PhotosImportMany.Params(albumId: albumId, paths: files, progress: true)
                    summary = try await core.call(PhotosImportMany.self, params) ?? summary
                }
                progress.finish()
                for url in urls {
                    // With --json, core.call prints the core's answer and returns nil: the next file or URL goes on.
                    guard let photo = try await core.call(PhotosImport.self, .init(albumId: albumId, url: url)) else {
                        continue
                    }
                    summary.items.append(photo)
                    if photo.duplicate == true { summary.duplicates += 1 } else { summary.imported += 1 }
                }
                if global.json { return }
                let several = files.count + urls.count > 1
                for photo in summary.items {
                    print(several ? "\(photo.id)  \(photo.filename ?? "")" : photo.id)
                }
                printError(
                    "imported \(summary.imported), already there \(summary.duplicates), "
                        + "skipped \(summary.skipped.count)"
                )
                for skipped in summary.skipped { printError("  skipped \(skipped.path): \(skipped.reason)") }
                if !summary.skipped.isEmpty { throw ToolkitExit.rpcError }
            }
        }

        /// Whether an argument is a URL to fetch rather than a path.
        static func isURL(_ argument: String) -> Bool {
            argument.hasPrefix("http://") || argument.hasPrefix("https://")
        }

        /// Absolute paths of the files named, directories expanded (sorted; hidden files left out).
        static func expand(_ paths: [String], recursive: Bool) throws -> [String] {
            let cwd = FileManager.default.currentDirectoryPath
            var files: [String] = []
            for path in paths {
                let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: cwd + "/"))
                    .standardizedFileURL.path
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                    throw ValidationError("\(path) does not exist.")
                }
                guard isDirectory.boolValue else {
                    files.append(absolute)
                    continue
                }
                let options: FileManager.DirectoryEnumerationOptions =
                    recursive ? [.skipsHiddenFiles] : [.skipsHiddenFiles, .skipsSubdirectoryDescendants]
                let enumerator = FileManager.default.enumerator(
                    at: URL(fileURLWithPath: absolute), includingPropertiesForKeys: [.isRegularFileKey],
                    options: options)
                var found: [String] = []
                while let url = enumerator?.nextObject() as? URL {
                    if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                        found.append(url.path)
                    }
                }
                files += found.sorted()
            }
            return files
        }

        static func done(in params: RawJSON) -> Int? {
            guard let object = try? JSONSerialization.jsonObject(with: Data(params.text.utf8)) as? [String: Any] else {
                return nil
            }
            return object["done"] as? Int
        }
    }

    struct List: AsyncParsableCommand {
        /// A memo on one line of the table: its lines joined, cut at 40 characters.
        static func memoLine(_ memo: String) -> String {
            let line = memo.split(whereSeparator: \.isNewline).joined(separator: " ")
            return line.count > 40 ? String(line.prefix(39)) + "…" : line
        }

        static let configuration = CommandConfiguration(abstract: "List photos, newest first.")
        @OptionGroup var global: GlobalOptions
        @Option(help: ArgumentHelp("Only this album, by title or id.", valueName: "title|id")) var album: String?
        @Option(help: ArgumentHelp("Only photos in this pet's albums, by name or id.", valueName: "name|id"))
        var pet: String?
        @Option(help: ArgumentHelp("Only photos (photo) or only videos (video).", valueName: "photo|video"))
        var kind: String?
        @Option(
            help: ArgumentHelp(
                "Taken on this day or later, YYYY-MM-DD (or an RFC 3339 time).",
                discussion: "A day is the local day each was taken on, as the calendar counts it.", valueName: "day"))
        var from: String?
        @Option(help: ArgumentHelp("Taken on this day or earlier, the whole day included.", valueName: "day"))
        var to: String?
        @Flag(help: "Only favourites.") var favorites = false
        @Option(help: "How many (1–500; a page with --all).") var limit = 50
        @Flag(help: "Every page, not only the first.") var all = false

        func run() async throws {
            try await withCore(global, flags: ParamFlags(self)) { core in
                let petId = try await pet.asyncMap { try await core.petId(for: $0) }
                var params = PhotosList.Params(
                    albumId: try await album.asyncMap { try await core.albumId(for: $0, petId: petId) }, petId: petId,
                    kind: kind,
                    favorite: favorites ? true : nil, from: from, to: to, limit: limit)
                var photos: [PhotoRecord] = []
                repeat {
                    guard let page = try await core.call(PhotosList.self, params) else { return }
                    photos += page.items
                    params.cursor = all ? page.nextCursor : nil
                    if !all, page.nextCursor != nil { printError("more photos: add --all, or --limit N") }
                } while params.cursor != nil
                let rows = photos.map { photo in
                    [
                        photo.id, LocalTimeText.minutes(photo), photo.mediaType,
                        photo.displayWidth.map { "\($0)x\(photo.displayHeight ?? 0)" } ?? "",
                        photo.durationSeconds.map { VideoClock.text(seconds: $0) } ?? "",
                        (photo.favorite ? "★ " : "") + (photo.filename ?? ""), Self.memoLine(photo.memo),
                    ]
                }
                print(
                    rows.isEmpty
                        ? "No photos."
                        : TextTable.render(["ID", "TAKEN", "TYPE", "SIZE", "LENGTH", "FILE", "MEMO"], rows))
            }
        }
    }
}

/// A progress bar on stderr when it is a terminal; a line at each tenth otherwise.
final class ImportProgress: Sendable {
    let total: Int
    let enabled: Bool
    private let terminal = isatty(2) == 1
    private let lastTenth = NIOLockedValueBox(0)

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    func show(done: Int) {
        guard enabled, total > 0 else { return }
        let fraction = min(1, Double(done) / Double(total))
        if terminal {
            let filled = Int(fraction * 30)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            FileHandle.standardError.write(Data("\r\u{1B}[2Kimporting [\(bar)] \(done)/\(total)".utf8))
        } else {
            let tenth = Int(fraction * 10)
            let due = lastTenth.withLockedValue { last -> Bool in
                guard tenth > last else { return false }
                last = tenth
                return true
            }
            if due { FileHandle.standardError.write(Data("importing: \(done)/\(total)\n".utf8)) }
        }
    }

    func finish() {
        if enabled && terminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
