import ChildProcesses
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit notes …` and `toolkit sound record --save` run as the built binary against the built core, which
/// captures from a `file` PCM.
struct NotesCommandTests {
    @Test func notesAreRecordedListedPlayedAndDeletedFromTheCommandLine() async throws {
        let capture = try CaptureFixture()
        let samples = CaptureFixture.samples(44_100 * 2)
        try capture.writeInput(samples)
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            let entry = try await client.call(DiaryCreate.self, .init(title: "산책", body: ""))
            let socket = ["--socket", core.socketPath]

            // record prints the note's id
            let record = try await runToolkit(
                ["notes", "record", "--entry", entry.id, "--seconds", "1", "--device", "capturefile"] + socket)
            #expect(record.status == 0, "\(record.stderr)")
            let noteId = record.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let notes = try await client.call(NotesList.self, .init(entryId: entry.id)).items
            #expect(notes.map(\.id) == [noteId])

            // list shows it, as a table or as JSON
            let list = try await runToolkit(["notes", "list", "--entry", entry.id] + socket)
            #expect(list.status == 0 && list.stdout.hasPrefix("ID ") && list.stdout.contains(noteId))
            #expect(list.stdout.contains(" 1.0 "), "\(list.stdout)")
            let json = try await runToolkit(["notes", "list", "--entry", entry.id, "--json"] + socket)
            let items = jsonObject(json.stdout)["items"] as? [[String: Any]]
            #expect(items?.map { $0["id"] as? String } == [noteId])

            // play reaches the device
            let output = capture.scratch.appending("played.raw")
            let play = try await runToolkit(
                ["notes", "play", noteId, "--device", "file:'\(output)',raw", "--wait"] + socket)
            #expect(play.status == 0 && play.stdout.hasPrefix("Played note \(noteId)"), "\(play.stderr)")
            #expect(try capture.scratch.read(output) == samples)

            // bad arguments are refused before the core is asked
            let both = try await runToolkit(["notes", "list", "--entry", entry.id, "--photo", "x"] + socket)
            #expect(both.status == 64 && both.stderr.contains("exactly one of --entry and --photo"))

            // delete removes it, and a second delete says it is gone
            let delete = try await runToolkit(["notes", "delete", noteId] + socket)
            #expect(delete.status == 0 && delete.stdout == "Deleted note \(noteId)\n")
            let again = try await runToolkit(["notes", "delete", noteId] + socket)
            #expect(again.status == 1 && again.stderr.contains(noteId))
            #expect(try await CaptureFixture.ownSounds(client).isEmpty)
        }
    }

    @Test func soundRecordSaveRecordsThroughTheCore() async throws {
        let capture = try CaptureFixture()
        let samples = CaptureFixture.samples(8_000 * 2)
        try capture.writeInput(samples)
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            let saved = try await runToolkit(
                [
                    "sound", "record", "--save", "보리 부르기", "--seconds", "1", "--rate", "8000", "--device",
                    "capturefile",
                    "--socket", core.socketPath,
                ])
            #expect(saved.status == 0, "\(saved.stderr)")
            let id = saved.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let sound = try await client.call(SoundsGet.self, .init(id: id))
            #expect(sound.kind == "recorded" && sound.title == "보리 부르기" && sound.rate == 8_000)
            #expect(Array(try CaptureFixture.blob(sound.sha256, in: core).dropFirst(44)) == samples)

            let neither = try await runToolkit(["sound", "record", "--seconds", "1"])
            #expect(neither.status == 64)
            let long = try await runToolkit([
                "sound", "record", "--save", "x", "--seconds", "601", "--socket", core.socketPath,
            ])
            #expect(long.status == 64 && long.stderr.contains("600"))
        }
    }

    @Test func ctrlCCancelsARecordingThroughTheCoreAndNothingIsKept() async throws {
        let capture = try CaptureFixture()
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            // Given `toolkit sound record --save` under way from a FIFO fed 1 s of input
            capture.feed(CaptureFixture.samples(8_000 * 2))
            let stderrPath = capture.scratch.appending("stderr.txt")
            let stderr = open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let recorder = try ChildProcess(
                ToolkitBinary.path,
                [
                    "sound", "record", "--save", "t", "--seconds", "600", "--rate", "8000", "--device", "capturefifo",
                    "--socket", core.socketPath,
                ],
                standardError: stderr)
            close(stderr)
            var started = false
            for _ in 0..<3_000 where !started {
                started = try await !CaptureFixture.storedFiles(in: core, client: client).temporary.isEmpty
                if !started { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(started)

            // When it gets Ctrl-C
            recorder.send(SIGINT)
            let ended = recorder.wait(timeout: .seconds(60))

            // Then it says so and exits 130; the capture stops (the input goes on slowly) and nothing is kept
            #expect(ended.termination == .exited(130), "\(String(describing: try? capture.scratch.read(stderrPath)))")
            let message = String(decoding: try capture.scratch.read(stderrPath), as: UTF8.self)
            #expect(message.contains("Cancelled"), "\(message)")
            var stopped = false
            for _ in 0..<1_500 where !stopped {
                capture.feed(CaptureFixture.samples(1_600))
                try await Task.sleep(for: .milliseconds(20))
                stopped = try await CaptureFixture.storedFiles(in: core, client: client).temporary.isEmpty
            }
            #expect(stopped)
            #expect(try await CaptureFixture.ownSounds(client).isEmpty)
        }
    }
}
