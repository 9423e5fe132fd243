import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// `toolkit diary add|list|search|calendar|edit|delete|tags`: diary entries, over the socket.
struct DiaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diary",
        abstract: "Write, list, show, search, edit and delete entries, see them on a calendar, count their tags.",
        discussion: """
              toolkit diary add --title "첫 산책" "공원에서 산책했다 #산책" --pet 보리
              toolkit diary add --title "오늘의 영상" --pet 보리 --video walk.mp4
              echo "a long body" | toolkit diary add --title Walk --body-file -
              toolkit diary list --tag 산책 --from 2024-05-01
              toolkit diary list --long            each entry's whole body under its line
              toolkit diary show ID                the whole entry, with its photos and clips
              toolkit diary search 산책
              toolkit diary calendar 2024-05
              toolkit diary edit ID --title "긴 산책" --date 2024-05-02
              toolkit diary edit ID --video nap.mp4   a clip added (or --photo ID)
              toolkit diary delete ID
              toolkit diary tags                   every #tag and how many entries use it
            Titles and bodies are limited by settings (15 and 500 characters by default).
            """,
        subcommands: [
            DiaryAdd.self, DiaryListCommand.self, DiaryShowCommand.self, DiarySearchCommand.self,
            DiaryCalendarCommand.self,
            DiaryEditCommand.self, DiaryDeleteCommand.self, DiaryTagsCommand.self,
        ]
    )
}

/// `toolkit diary add`.
struct DiaryAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Write an entry and print its id.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "The title.") var title: String
    @Argument(help: "The body; #tags in it are collected. Or use --body-file.") var body: String?
    @Option(
        name: .customLong("body-file"),
        help: ArgumentHelp("Read the body from a file (- for stdin).", valueName: "path"))
    var bodyFile: String?
    @Option(
        help: ArgumentHelp(
            "The day, YYYY-MM-DD.",
            discussion: """
                Without it, the day the first --video or --photo was recorded (when its file says, in the time \
                zone it was recorded in), else today in the diary's time zone.
                """, valueName: "day"))
    var date: String?
    @Option(help: ArgumentHelp("The pet it is about, by name or id.", valueName: "name|id")) var pet: String?
    @Option(
        name: .customLong("photo"), help: ArgumentHelp("A photo to show, in order; repeat for more.", valueName: "id"))
    var photoIds: [String] = []
    @Option(
        name: .customLong("video"),
        help: ArgumentHelp(
            "A video file to import and show after the photos, in order; repeat for more.",
            discussion: """
                It goes into --album, else the pet's first album (a new album Videos when it has none). Each \
                clip's id is said on standard error; standard output stays the entry's id alone.
                """,
            valueName: "file"))
    var videos: [String] = []
    @Option(help: ArgumentHelp("The album --video files go into, by title or id.", valueName: "title|id"))
    var album: String?
    @Flag(help: "Mark it as a favourite.") var favorite = false

    func validate() throws {
        if body != nil && bodyFile != nil {
            throw ValidationError("Give the body as an argument or with --body-file, not both.")
        }
        if !videos.isEmpty && album == nil && pet == nil {
            throw ValidationError("--video needs --pet or --album, to know which album the video goes into.")
        }
        if album != nil && videos.isEmpty {
            throw ValidationError("--album says where --video files go; give a --video too.")
        }
    }

    func run() async throws {
        let clips = ClipImport(paths: videos)
        try clips.check()
        let text: String
        if let bodyFile {
            let data =
                bodyFile == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: bodyFile)
            guard let data else { throw ValidationError("Cannot read \(bodyFile).") }
            text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        } else {
            text = body ?? ""
        }
        let flags = ParamFlags(self, renamed: ["photoIds": "--photo", "videos": "--video"])
        try await withCore(global, flags: flags) { core in
            let petId = try await pet.asyncMap { try await core.petId(for: $0) }
            let imported = try await clips.run(core, album: album, petId: petId, owner: petId)
            do {
                let shown = photoIds + imported.clips.map(\.id)
                let day = try await date == nil ? recordingDay(core, videos: imported.clips) : nil
                let params = DiaryCreate.Params(
                    title: title, body: text, date: date ?? day, petId: petId, photoIds: shown.isEmpty ? nil : shown,
                    favorite: favorite ? true : nil)
                guard let entry = try await core.call(DiaryCreate.self, params) else { return }
                print(entry.id)
            } catch {
                // A refused entry leaves no clip behind.
                await imported.withdraw(core)
                throw error
            }
        }
    }

    /// The day the first shown photo or video was recorded, when its file says (said on stderr); nil to let the
    /// core date the entry today.
    private func recordingDay(_ core: CoreCall, videos: [PhotoRecord]) async throws -> String? {
        var shown: [PhotoRecord] = []
        for id in photoIds {
            let photo = try await core.raw(PhotosGet.name, params: RawJSON(encoding: PhotosGet.Params(id: id)))
            shown.append(try photo.decode(PhotoRecord.self))
        }
        guard let first = (shown + videos).first(where: LocalTimeText.isRecorded), let day = first.takenDay else {
            return nil
        }
        let name = first.filename ?? first.id
        printError("Dated \(day), the day \(name) was recorded (give --date for another day).")
        return day
    }
}

/// The filters `diary list` and `diary search` share.
struct EntryFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only this pet's entries, by name or id.", valueName: "name|id")) var pet: String?
    @Option(help: ArgumentHelp("Only entries with this #tag.", valueName: "tag")) var tag: String?
    @Option(help: ArgumentHelp("From this day, YYYY-MM-DD.", valueName: "day")) var from: String?
    @Option(help: ArgumentHelp("Up to this day, included.", valueName: "day")) var to: String?
    @Flag(help: "Only favourites.") var favorites = false
    @Option(help: "How many (1–500).") var limit = 20

    /// The params of `diary.list`, the pet looked up through `core`.
    func listParams(_ core: CoreCall) async throws -> DiaryList.Params {
        DiaryList.Params(
            petId: try await pet.asyncMap { try await core.petId(for: $0) }, tag: tag, favorite: favorites ? true : nil,
            from: from, to: to, limit: limit)
    }

    /// The params of `diary.search`, the pet looked up through `core`.
    func searchParams(_ query: String, _ core: CoreCall) async throws -> DiarySearch.Params {
        DiarySearch.Params(
            query: query, petId: try await pet.asyncMap { try await core.petId(for: $0) }, tag: tag,
            favorite: favorites ? true : nil, from: from, to: to, limit: limit)
    }
}

/// `toolkit diary search QUERY`.
struct DiarySearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find entries containing every word of a query, in any script.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Words to find, e.g. 산책 or \"park walk\".") var query: String
    @OptionGroup var filter: EntryFilterOptions

    func run() async throws {
        try await withCore(global, flags: ParamFlags(self, filter)) { core in
            guard let page = try await core.call(DiarySearch.self, try await filter.searchParams(query, core)) else {
                return
            }
            let terminal = standardOutputIsTerminal
            for hit in page.items {
                print("\(hit.entry.date)  \(hit.entry.title)  \(hit.entry.id)")
                let snippet = hit.snippet.replacingOccurrences(of: "<mark>", with: terminal ? "\u{1B}[1m" : "[")
                    .replacingOccurrences(of: "</mark>", with: terminal ? "\u{1B}[0m" : "]")
                print("    " + snippet.replacingOccurrences(of: "\n", with: " "))
            }
            if page.items.isEmpty { print("Nothing found for \(query).") }
        }
    }
}
