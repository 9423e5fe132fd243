import ArgumentParser
import Foundation
import ToolkitAPI

/// `toolkit diary edit ID [--title …] [--text …] [--date …] [--pet …] [--favorite|--no-favorite]`.
struct DiaryEditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an entry's title, text, day, pet or favourite mark.",
        discussion: """
              toolkit diary edit ID --title "긴 산책"
              toolkit diary edit ID --text "공원 두 바퀴 #산책" --date 2024-05-02
              echo "a new body" | toolkit diary edit ID --text-file -
            The id is the one toolkit diary list prints. --pet "" detaches the entry from its pet. Checked as \
            on add; prints the entry's id.
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

    func validate() throws {
        if text != nil && textFile != nil {
            throw ValidationError("Give the text with --text or with --text-file, not both.")
        }
        if title == nil && text == nil && textFile == nil && date == nil && pet == nil && favorite == nil {
            throw ValidationError("Say what to change: --title, --text, --text-file, --date, --pet or --favorite.")
        }
    }

    func run() async throws {
        var body = text
        if let textFile {
            let data =
                textFile == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: textFile)
            guard let data else { throw ValidationError("Cannot read \(textFile).") }
            body = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        }
        let core = try await CoreCall.connect(global)
        defer { Task { await core.close() } }
        let petId = try await pet.asyncMap { $0.isEmpty ? "" : try await core.petId(for: $0) }
        let params = DiaryUpdate.Params(
            id: id, title: title, body: body, date: date, petId: petId, favorite: favorite)
        guard let entry = try await core.call(DiaryUpdate.self, params) else { return }
        print(entry.id)
    }
}
