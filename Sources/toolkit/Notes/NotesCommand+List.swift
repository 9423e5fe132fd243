import ArgumentParser
import Foundation
import ToolkitAPI

extension NotesCommand {
    /// `toolkit notes list (--entry ID | --photo ID) [--json]`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the voice notes of an entry or a photo.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: NoteTargetOptions

        func run() async throws {
            try await withCore(global) { core in
                let params = NotesList.Params(entryId: target.entryId, photoId: target.photoId)
                guard let notes = try await core.call(NotesList.self, params)?.items else { return }
                let zone = await LocalTimeText.diaryZone(core)
                let rows = notes.map {
                    [
                        $0.id, String(format: "%.1f", $0.durationSeconds),
                        LocalTimeText.minutes($0.createdAt, in: zone),
                        $0.soundId,
                    ]
                }
                print(
                    rows.isEmpty
                        ? "No voice notes yet: toolkit notes record --\(target.entryId != nil ? "entry" : "photo") ID "
                            + "--seconds N"
                        : TextTable.render(["ID", "SECONDS", "CREATED", "SOUND"], rows))
            }
        }
    }
}
