import Archiving
import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// `toolkit export`: writes a share bundle through the running core, with a progress bar; with no core
/// running, on the data directory itself (``OfflineFallback``).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a share bundle (.tar.zst) of the diary, a pet, an album or some days.",
        discussion: """
              toolkit export                          the whole diary, into this directory
              toolkit export --pet 보리                one pet: its albums, entries, sound
              toolkit export --album Walks --from 2024-05-01 --to 2024-05-31 -o may.tar.zst
              toolkit export --pet 보리 --html         with index.html, a gallery for any browser
              tar --zstd -tvf 보리-2024-06-01.tar.zst   any tar opens it, no toolkit needed
            A bundle holds manifest.json (every file's size and SHA-256), the records as data/*.jsonl and the \
            photos, videos and sounds as files, read at one point in time. With --html it also holds \
            index.html and thumbs/ (the photos' thumbnails and the videos' posters, which need ffmpeg): unpack \
            it anywhere and open index.html, offline, with no toolkit and no script: the pets, the albums as \
            grids of thumbnails and of videos that play in place, the calendar and the entries by day. \
            Without -o it is named after the pet (or the diary) and today, e.g. 보리-2024-06-01.tar.zst, \
            with -2, -3, … when that name is taken. The core writes the file itself, so it must run as your \
            user on this machine; a file already at the -o path is replaced, and only by a complete bundle. \
            When no core answers on the socket, the command opens the data directory itself (offline, said on \
            standard error unless --quiet) and writes the same bundle; a core that is running but slow is \
            waited for. \
            With --json the result is printed: {path, size, sha256, counts}.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this pet, by name or id.", valueName: "name|id")) var pet: String?
    @Option(help: ArgumentHelp("Only this album, by title or id.", valueName: "title|id")) var album: String?
    @Option(help: ArgumentHelp("Photos taken and entries dated from this day on.", valueName: "day")) var from: String?
    @Option(help: ArgumentHelp("… up to this day, included.", valueName: "day")) var to: String?
    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("The file to write, or a directory to put it in.", valueName: "file"))
    var output: String?
    @Flag(help: "Add index.html, a gallery that opens offline in any browser, and its thumbnails.") var html = false
    @Flag(help: "No progress display.") var quiet = false

    func run() async throws {
        let target = absolutePath(output ?? ".")
        guard let client = await OfflineFallback.connect(global) else {
            return try await runOffline(target: target)
        }
        let core = CoreCall(client: client, global: global, flags: ParamFlags(self))
        try await withCore(core) { core in
            let petId = try await pet.asyncMap { try await core.petId(for: $0) }
            let albumId = try await album.asyncMap { try await core.albumId(for: $0, petId: petId) }
            let display = ProgressDisplay(verb: "exporting", quiet: quiet || global.json)
            let watcher = Task { [client = core.client] in
                guard let handler = display.handler else { return }
                for await notification in client.notifications where notification.method == ProgressNotification.method
                {
                    if let params = notification.params, let (done, total) = Self.progress(in: params) {
                        handler(ArchiveProgress(member: "", membersDone: 0, bytesDone: done, bytesTotal: total))
                    }
                }
            }
            defer { watcher.cancel() }
            let params = ExportCreate.Params(
                path: target, petId: petId, albumId: albumId, from: from, to: to, html: html ? true : nil,
                progress: display.handler != nil)
            let result = try await core.call(ExportCreate.self, params)
            display.finish()
            guard let result else { return }
            Self.report(result)
        }
    }

    /// The path on stdout, what the bundle holds on stderr.
    static func report(_ result: ExportCreate.Result) {
        print(result.path)
        let counts = result.counts
        printError(
            "exported \(counted(counts.pets, "pet")), \(counted(counts.albums, "album")), "
                + "\(counted(counts.photos, "photo")), \(counted(counts.videos, "video")), "
                + "\(counted(counts.entries, "entry", "entries")), "
                + "\(counted(counts.sounds, "sound")) (\(counted(counts.files, "file"))), "
                + "\(counted(counts.notes, "voice note")), "
                + result.size.humanBytes)
    }

    /// `done` and `total` of a progress notification's params.
    static func progress(in params: RawJSON) -> (Int64, Int64?)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(params.text.utf8)) as? [String: Any],
            let done = object["done"] as? Int
        else { return nil }
        return (Int64(done), (object["total"] as? Int).map(Int64.init))
    }
}

extension Optional {
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
