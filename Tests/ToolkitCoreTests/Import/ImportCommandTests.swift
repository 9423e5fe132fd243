import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit import` as a script runs it: the built binary against the built core.
struct ImportCommandTests {
    @Test func importPrintsASummaryTableAndABadBundleFailsWithOneLineAndStatusOne() async throws {
        let sender = try CoreProcess()
        defer { _ = sender.stop() }
        let receiver = try CoreProcess()
        defer { _ = receiver.stop() }
        let from = try await RPCClient.connect(to: sender.socketPath)
        let files = try TemporaryDirectory()
        let fixture = try await ExportFixture.make(with: from, files: files)
        let work = try TemporaryDirectory()
        _ = try await from.call(
            ExportCreate.self, .init(path: work.appending("boree.tar.zst"), petId: fixture.boree.id))
        await from.close()
        let socket = ["--socket", receiver.socketPath]

        // A path relative to the current directory; the summary as a table on stdout.
        let first = try await runToolkit(["import", "boree.tar.zst"] + socket, in: work.path)
        #expect(first.status == 0, "\(first.stderr)")
        let rows = first.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.first == ["kind", "added", "skipped", "replaced"])
        #expect(rows.dropFirst().first == ["pets", "1", "0", "0"])
        #expect(rows.contains(["photos", "2", "0", "0"]) && rows.contains(["entries", "2", "0", "0"]))
        #expect(
            first.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("importing: ") },
            "only plain progress lines off a terminal: \(first.stderr)")

        // --json prints the core's result; duplicate adds the pet again.
        let again = try await runToolkit(
            ["import", "--json", work.appending("boree.tar.zst"), "--on-conflict", "duplicate"] + socket)
        #expect(again.status == 0, "\(again.stderr)")
        let result = try JSONDecoder().decode(ImportBundle.Result.self, from: Data(again.stdout.utf8))
        #expect(result.added == .init(pets: 1, albums: 1, photos: 2, entries: 2, sounds: 1))
        let to = try await RPCClient.connect(to: receiver.socketPath)
        #expect(try await to.call(PetsList.self, .init()).items.filter { $0.name == "보리" }.count == 2)
        await to.close()

        // A damaged bundle: one line on stderr naming the member and the reason, status 1.
        var bytes = try work.read(work.appending("boree.tar.zst"))
        bytes[bytes.count / 2] ^= 0xFF
        _ = try work.write("damaged.tar.zst", bytes)
        let damaged = try await runToolkit(["import", "--quiet", "damaged.tar.zst"] + socket, in: work.path)
        #expect(damaged.status == 1)
        #expect(damaged.stdout.isEmpty)
        #expect(damaged.stderr.split(separator: "\n").count == 1, "\(damaged.stderr)")
        #expect(damaged.stderr.contains("(error -32007)"), "\(damaged.stderr)")
        #expect(!damaged.stderr.contains("\"reason\":"), "the data object only with -v: \(damaged.stderr)")

        let usage = try await runToolkit(["import", "boree.tar.zst", "--on-conflict", "merge"] + socket, in: work.path)
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--on-conflict must be skip, replace or duplicate"))
    }
}
