import ArgumentParser
import Foundation
import ToolkitAPI

/// `toolkit sound list`: the core's sounds, built-in, imported and recorded.
struct SoundList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the core's sounds: built-in, imported and recorded.",
        discussion: """
            One row per sound, oldest first: its id (what a pet's shutterSoundId, sound play and sound rename \
            take), title, kind, duration and format. With --json the core's sounds.list result is printed.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await withCore(global) { core in
            guard let sounds = try await core.everyItem(of: SoundsList.self) else { return }
            let rows = sounds.map(Self.row)
            print(
                rows.isEmpty
                    ? "No sounds."
                    : TextTable.render(["ID", "TITLE", "KIND", "DURATION", "FORMAT"], rows))
        }
    }

    /// One sound's cells: `0.90 s`, `44100 Hz 2 ch 16 bit`.
    static func row(_ sound: ToolkitAPI.SoundRecord) -> [String] {
        [
            sound.id, sound.title, sound.kind, String(format: "%.2f s", sound.durationSeconds),
            "\(sound.rate) Hz \(sound.channels) ch \(sound.bits) bit",
        ]
    }
}
