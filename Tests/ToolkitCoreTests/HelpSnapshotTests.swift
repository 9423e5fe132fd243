import Foundation
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// Every command's `--help`, as the built binary prints it, against the files in `HelpSnapshots/`.
///
/// The binary runs with `COLUMNS=80` and nothing else in its environment, and its stdout is a pipe, so
/// swift-argument-parser wraps at 80 columns whatever the terminal. A changed help text fails here
/// with a unified diff; after reading the diff, rewrite the snapshots with `make help-snapshots`
/// (`UPDATE_HELP_SNAPSHOTS=1 swift test --skip-build --filter HelpSnapshotTests`) and commit them.
struct HelpSnapshotTests {
    /// Every command and subcommand, but `bundle pack`: its `--workers` default is this machine's core count.
    static let commands: [[String]] = [
        [],
        ["serve"],
        ["call"],
        ["doctor"],
        ["pets"], ["pets", "list"], ["pets", "add"], ["pets", "update"], ["pets", "rename"], ["pets", "delete"],
        ["albums"], ["albums", "list"], ["albums", "add"], ["albums", "rename"], ["albums", "delete"],
        ["photos"], ["photos", "import"], ["photos", "list"], ["photos", "favourite"], ["photos", "unfavourite"],
        ["photos", "rendition"], ["photos", "show"], ["photos", "memo"], ["photos", "thumbnail"],
        ["diary"], ["diary", "add"], ["diary", "list"], ["diary", "show"], ["diary", "search"], ["diary", "calendar"],
        ["diary", "edit"], ["diary", "delete"], ["diary", "tags"],
        ["notes"], ["notes", "record"], ["notes", "list"], ["notes", "play"], ["notes", "delete"],
        ["sound"], ["sound", "play"], ["sound", "record"], ["sound", "devices"], ["sound", "info"],
        ["sound", "builtin"], ["sound", "decode"],
        ["sound", "list"], ["sound", "import"], ["sound", "stop"], ["sound", "rename"], ["sound", "delete"],
        ["shutter"],
        ["bundle"], ["bundle", "list"], ["bundle", "verify"], ["bundle", "unpack"],
        ["export"],
        ["import"],
        ["archive"], ["archive", "create"], ["archive", "list"], ["archive", "verify"], ["archive", "prune"],
        ["archive", "restore"], ["restore"],
        ["settings"], ["settings", "set"],
        ["plugins"], ["plugins", "list"], ["plugins", "start"], ["plugins", "stop"], ["plugins", "restart"],
        ["web"],
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("HelpSnapshots")

    /// `toolkit-pets-add.txt` for `toolkit pets add --help`.
    static func snapshotName(_ command: [String]) -> String {
        (["toolkit"] + command).joined(separator: "-") + ".txt"
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_HELP_SNAPSHOTS"] == "1" }

    @Test(arguments: commands)
    func helpMatchesItsSnapshot(_ command: [String]) async throws {
        // Given the built binary, on a pipe, 80 columns wide
        let name = Self.snapshotName(command)
        let file = Self.directory.appendingPathComponent(name)

        // When it prints the command's help
        let result = try await runToolkit(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")

        // Then stdout is the snapshot, byte for byte
        if Self.updating {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: file)
            return
        }
        let data = try #require(
            FileManager.default.contents(atPath: file.path),
            "no snapshot \(name); write it with UPDATE_HELP_SNAPSHOTS=1 (make help-snapshots)")
        let snapshot = String(decoding: data, as: UTF8.self)
        let matches = Array(result.stdout.utf8) == Array(data)
        #expect(
            matches,
            """
            `toolkit \((command + ["--help"]).joined(separator: " "))` differs from HelpSnapshots/\(name); \
            if the change is intended, run `make help-snapshots` and commit the files:
            \(unifiedDiff(expected: snapshot, actual: result.stdout, expectedName: name, actualName: "stdout"))
            """)
    }

    @Test func everySnapshotBelongsToACommand() throws {
        let expected = Set(Self.commands.map(Self.snapshotName))
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.directory.path))
        #expect(files.subtracting(expected).isEmpty, "snapshots of no listed command: \(files.subtracting(expected))")
    }
}
