import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// `toolkit diary edit ID [--title …] [--text …] [--date …] [--pet …] [--favorite|--no-favorite] [--photo ID]
/// [--video FILE]`.
struct DiaryEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an entry's title, text, day, pet or favourite mark, or add photos and clips to it.",
        discussion: """
              toolkit diary edit ID --title "긴 산책"
              toolkit diary edit ID --text "공원 두 바퀴 #산책" --date 2024-05-02
              echo "a new body" | toolkit diary edit ID --text-file -
              toolkit diary edit ID --video walk.mp4       import a clip onto it
              toolkit diary edit ID --photo PHOTO-ID       show a photo already imported
            The id is the one toolkit diary list prints. --pet "" detaches the entry from its pet. --photo and \
            --video add to the entry's photos and clips, after those it has (a photo already on it is refused); \
            a --video goes where diary add puts one. Checked as on add, and a refusal changes nothing; prints \
            the entry's id.
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry's id (see toolkit diary list).") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(name: [.customLong("text"), .customLong("body")], help: "A new body; #tags in it are collected.")
    var text: String?
    @Option(
        name: .customLong("text-file"),
        help: ArgumentHelp("Read the new body from a file (- for stdin).", valueName: "path"))
    var textFile: String?
    @Option(help: ArgumentHelp("A new day, YYYY-MM-DD.", valueName: "day")) var date: String?
    @Option(help: ArgumentHelp("The pet it is about, by name or id.", valueName: "name|id")) var pet: String?
    @Flag(inversion: .prefixedNo, help: "Mark it as a favourite, or not.") var favorite: Bool?
    @Option(
        name: .customLong("photo"),
        help: ArgumentHelp(
            "A photo or video to add to the entry, by id (see toolkit photos list); repeat for more.",
            valueName: "id"))
    var photoIds: [String] = []
    @Option(
        name: .customLong("video"),
        help: ArgumentHelp(
            "A video file to import and add to the entry, after the --photo ones; repeat for more.",
            discussion: """
                It goes into --album, else the first album of the entry's pet (or --pet's), a new album Videos \
                when it has none.
                """, valueName: "file"))
    var videos: [String] = []
    @Option(help: ArgumentHelp("The album --video files go into, by title or id.", valueName: "title|id"))
    var album: String?

    func validate() throws {
        if text != nil && textFile != nil {
            throw ValidationError("Give the text with --text or with --text-file, not both.")
        }
        if title == nil && text == nil && textFile == nil && date == nil && pet == nil && favorite == nil
            && photoIds.isEmpty && videos.isEmpty
        {
            throw ValidationError(
                "Say what to change: --title, --text, --text-file, --date, --pet, --favorite, --photo or --video.")
        }
        if album != nil && videos.isEmpty {
            throw ValidationError("--album says where --video files go; give a --video too.")
        }
    }

    func run() async throws {
        let clips = ClipImport(paths: videos)
        try clips.check()
        var body = text
        if let textFile {
            let data =
                textFile == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: textFile)
            guard let data else { throw ValidationError("Cannot read \(textFile).") }
            body = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        }
        let flags = ParamFlags(self, renamed: ["photoIds": "--photo", "videos": "--video", "body": "--text"])
        try await withCore(global, flags: flags) { core in
            let petId = try await pet.asyncMap { $0.isEmpty ? "" : try await core.petId(for: $0) }
            let (shown, imported) = try await attachments(core, clips: clips, petId: petId)
            do {
                let params = DiaryUpdate.Params(
                    id: id, title: title, body: body, date: date, petId: petId, photoIds: shown, favorite: favorite)
                guard let entry = try await core.call(DiaryUpdate.self, params) else { return }
                print(entry.id)
            } catch {
                // A refused edit leaves no clip behind.
                await imported.withdraw(core)
                throw error
            }
        }
    }

    /// The entry's photo ids with the --photo ones and the imported --video files after them (nil when there is
    /// nothing to add), and what the import added. Every --photo is looked up before any clip is imported, and
    /// the clips are taken back when they are refused, so a refusal changes nothing.
    /// - Throws: `ExitCode` 1 after printing the core's refusal (no such entry or photo); `ValidationError` for a
    ///   photo already on the entry, or a --video with no album to go into.
    private func attachments(
        _ core: CoreCall, clips: ClipImport, petId: String?
    ) async throws -> ([String]?, ClipImport.Imported) {
        guard !photoIds.isEmpty || !videos.isEmpty else { return (nil, ClipImport.Imported()) }
        let entry = try await core.raw(DiaryGet.name, params: RawJSON(encoding: DiaryGet.Params(id: id)))
            .decode(EntryRecord.self)
        for photoId in photoIds {
            let photo = try await core.raw(PhotosGet.name, params: RawJSON(encoding: PhotosGet.Params(id: photoId)))
                .decode(PhotoRecord.self)
            if entry.photoIds.contains(photo.id) {
                throw ValidationError("The entry already shows \(photo.id) (--photo); nothing was changed.")
            }
        }
        // The pet the entry will have: --pet's, none after --pet "" (its clips then need --album), else its own.
        let given = petId.flatMap { $0.isEmpty ? nil : $0 }
        let owner = petId == nil ? entry.petId : given
        let imported = try await clips.run(core, album: album, petId: given, owner: owner)
        for (clip, path) in zip(imported.clips, videos) where entry.photoIds.contains(clip.id) {
            await imported.withdraw(core)
            throw ValidationError("The entry already shows \(path) (--video), as \(clip.id); nothing was changed.")
        }
        return (entry.photoIds + photoIds + imported.clips.map(\.id), imported)
    }
}
