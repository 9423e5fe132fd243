import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit archive` when nothing changed since the latest archive writes none and says so; `--force` writes
/// one anyway; a change is archived as before.
struct ArchiveUnchangedTests {
    @Test func anArchiveRunWithNothingChangedWritesNoneUnlessForced() async throws {
        // Given a core whose diary has one pet, archived once
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let archives = core.dataDirectory + "/archives"
        _ = try await runToolkit(["pets", "add", "보리"] + socket)
        #expect(try await runToolkit(["archive"] + socket).status == 0)
        let full = try #require(ArchiveCommandTests.archiveNames(archives).first)

        // When `toolkit archive` runs again on a terminal, then it says nothing changed and writes nothing
        let command = ([ToolkitBinary.path, "archive"] + socket).joined(separator: " ")
        let terminal = try await runCommand("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.stdout)")
        #expect(
            terminal.stdout.hasPrefix("nothing changed since \(full); no archive written (--force writes one)"),
            "\(terminal.stdout)")
        #expect(ArchiveCommandTests.archiveNames(archives) == [full])

        // When in a pipe with --json, then create.unchanged is true and names that archive
        let json = try await runToolkit(["archive", "--json"] + socket)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"name\":\"\(full)\"") && json.stdout.contains("\"unchanged\":true"))
        #expect(ArchiveCommandTests.archiveNames(archives) == [full])

        // When --force, then an incremental archive is written all the same
        #expect(try await runToolkit(["archive", "--force"] + socket).status == 0)
        #expect(ArchiveCommandTests.archiveNames(archives).count == 2)

        // When something changes, then the next run archives it
        _ = try await runToolkit(["pets", "add", "콩이"] + socket)
        let changed = try await runToolkit(["archive", "--json"] + socket)
        #expect(changed.stdout.contains("\"unchanged\":false") && changed.stdout.contains("\"pets\":1"))
        #expect(ArchiveCommandTests.archiveNames(archives).count == 3)

        // When no core runs, then the offline run decides the same way
        _ = core.stop()
        let offline = try await runToolkit(
            ["archive", "--json", "--socket", core.directory.appending("none.sock"), "--data-dir", core.dataDirectory])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("\"unchanged\":true"), "\(offline.stdout)")
        #expect(ArchiveCommandTests.archiveNames(archives).count == 3)
    }
}
