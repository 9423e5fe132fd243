import Audio
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit sound …` and `toolkit shutter` as a script runs them: the built binary against the built core, the
/// sounds played into ALSA's `file` PCM.
struct SoundCommandTests {
    @Test func importListPlayRenameAndDeleteASoundThroughTheCore() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let socket = ["--socket", core.socketPath]
        let samples = (0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        try writeWAV(samples, to: files.appending("squeak.wav"))

        // import, by a path relative to the current directory: prints the new id
        let imported = try await runToolkit(
            ["sound", "import", "squeak.wav", "--title", "삑삑이"] + socket, in: files.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let id = imported.stdout.trimmingCharacters(in: .newlines)
        let stored = try await client.call(SoundsGet.self, .init(id: id))
        #expect(stored.title == "삑삑이" && stored.kind == "imported" && stored.rate == 44_100 && stored.channels == 2)

        // list: the built-ins and the new one, columns aligned by display width
        let builtins = try await client.call(SoundsList.self, .init(limit: 500)).items.filter { $0.kind == "builtin" }
        #expect(!builtins.isEmpty)
        let listing = try await runToolkit(["sound", "list"] + socket)
        #expect(listing.status == 0, "\(listing.stderr)")
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == builtins.count + 2, "\(listing.stdout)")
        for sound in builtins {
            #expect(lines.contains { $0.hasPrefix(sound.id + " ") && $0.contains(sound.title) }, "\(sound.id)")
        }
        let row = try #require(lines.first { $0.hasPrefix(id) })
        #expect(row.contains("0.02 s") && row.contains("44100 Hz 2 ch 16 bit"), "\(row)")
        let kindColumn = columns(try #require(lines.first).prefix { $0 != "K" })
        #expect(
            columns(row[..<(try #require(row.range(of: "imported")).lowerBound)]) == kindColumn, "\(listing.stdout)")

        // play by id, with wait, into a file PCM: the samples reach it
        let output = files.appending("out.raw")
        let played = try await runToolkit(["sound", "play", id, "-d", "file:'\(output)',raw", "--wait"] + socket)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(played.stdout == "Played \(id) on file:'\(output)',raw: 1000 frames, 0 underruns\n")
        #expect(try files.read(output) == samples)

        // rename
        let renamed = try await runToolkit(["sound", "rename", id, "장난감"] + socket)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(try await client.call(SoundsGet.self, .init(id: id)).title == "장난감")

        // delete: a built-in is refused with the core's message, one in use needs --force
        let refused = try await runToolkit(["sound", "delete", "bell"] + socket)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'bell' is a built-in sound; it cannot be deleted."), "\(refused.stderr)")
        let pet = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: id))
        let inUse = try await runToolkit(["sound", "delete", id] + socket)
        #expect(inUse.status == 1 && !inUse.stderr.isEmpty)
        let deleted = try await runToolkit(["sound", "delete", id, "--force"] + socket)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout == "Deleted \(id)\n")
        let gone = await #expect(throws: RPCError.self) { try await client.call(SoundsGet.self, .init(id: id)) }
        #expect(gone?.code.rawValue == -32001)
        #expect(try await client.call(PetsGet.self, .init(id: pet.id)).shutterSoundId == nil)
        #expect(try await client.call(SoundsGet.self, .init(id: "bell")).kind == "builtin")
    }

    @Test func shutterPlaysAPetsSoundByNameAndTheDefaultWithoutAPet() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let socket = ["--socket", core.socketPath]
        let samples = (0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        try writeWAV(samples, to: files.appending("toy.wav"))
        let sound = try await client.call(SoundsImport.self, .init(path: files.appending("toy.wav"), title: "toy"))
        _ = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: sound.id))

        // A pet by name: its own sound, on the device given
        let own = files.appending("own.raw")
        let fired = try await runToolkit(["shutter", "--pet", "보리", "-d", "file:'\(own)',raw"] + socket)
        #expect(fired.status == 0, "\(fired.stderr)")
        #expect(fired.stdout == "Played toy (\(sound.id)), the pet's sound, on file:'\(own)',raw\n")
        #expect(await contents(of: own, reach: samples, in: files))

        // No pet: the built-in clicker; --json prints the core's result
        let clicker = files.appending("clicker.raw")
        let json = try await runToolkit(["shutter", "--json", "--device", "file:'\(clicker)',raw"] + socket)
        #expect(json.status == 0, "\(json.stderr)")
        let result = try JSONDecoder().decode(ShutterFire.Result.self, from: Data(json.stdout.utf8))
        #expect(result.soundId == "clicker" && result.source == "builtin" && result.petId == nil)
        let clickerSamples = Array(BuiltinSound.clicker.wavBytes().dropFirst(WAVWriter.headerSize))
        #expect(await contents(of: clicker, reach: clickerSamples, in: files))

        // An unknown pet is a usage error naming it
        let unknown = try await runToolkit(["shutter", "--pet", "나비", "-d", "null"] + socket)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("No pet is named or has the id '나비'"), "\(unknown.stderr)")
    }

    @Test func jsonOutputsParse() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let files = try TemporaryDirectory()
        let socket = ["--socket", core.socketPath]
        try writeWAV([1, 2, 3, 4, 5, 6, 7, 8], to: files.appending("tiny.wav"))

        let imported = try await runToolkit(
            ["sound", "import", files.appending("tiny.wav"), "--title", "tiny", "--json"] + socket)
        #expect(imported.status == 0, "\(imported.stderr)")
        let sound = try JSONDecoder().decode(SoundRecord.self, from: Data(imported.stdout.utf8))
        #expect(sound.title == "tiny" && abs(sound.durationSeconds - 2.0 / 44_100) < 1e-9)

        let listed = try await runToolkit(["sound", "list", "--json"] + socket)
        #expect(listed.status == 0, "\(listed.stderr)")
        let page = try JSONDecoder().decode(PageRecord<SoundRecord>.self, from: Data(listed.stdout.utf8))
        #expect(page.items.contains(sound))

        let played = try await runToolkit(["sound", "play", sound.id, "-d", "null", "--wait", "--json"] + socket)
        #expect(played.status == 0, "\(played.stderr)")
        let record = try JSONDecoder().decode(PlayRecord.self, from: Data(played.stdout.utf8))
        #expect(record.finished && record.framesWritten == 2 && record.device == "null")

        // info reads the file itself, no core involved
        let info = try await runToolkit(["sound", "info", files.appending("tiny.wav"), "--json"])
        #expect(info.status == 0, "\(info.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(object["rate"] as? Int == 44_100 && object["channels"] as? Int == 2 && object["bits"] as? Int == 16)
        #expect(object["frames"] as? Int == 2 && object["sampleFormat"] as? String == "s16")
    }

    @Test func withoutACoreFilesStillPlayAndIdsSayTheCoreIsNeeded() async throws {
        let files = try TemporaryDirectory()
        let socket = ["--socket", files.appending("nobody.sock")]
        let samples: [UInt8] = [9, 8, 7, 6, 5, 4, 3, 2]
        try writeWAV(samples, to: files.appending("local.wav"))

        // A file plays here, with no core
        let output = files.appending("local.raw")
        let local = try await runToolkit(
            ["sound", "play", files.appending("local.wav"), "-d", "file:'\(output)',raw"] + socket)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(try files.read(output) == samples)

        // An id needs the core: status 69, and the reason
        let byID = try await runToolkit(["sound", "play", "bell"] + socket)
        #expect(byID.status == 69)
        #expect(byID.stderr.contains("'bell' is not a file here, so it is a sound's id"), "\(byID.stderr)")
        #expect(byID.stderr.contains("Cannot connect to \(files.appending("nobody.sock"))"), "\(byID.stderr)")
        for command in [["sound", "list"], ["sound", "stop"], ["shutter"]] {
            let result = try await runToolkit(command + socket)
            #expect(result.status == 69 && result.stderr.contains("Cannot connect"), "\(command): \(result.stderr)")
        }
    }

    /// Writes a 16-bit stereo 44.1 kHz WAV file of `samples` to `path`.
    private func writeWAV(_ samples: [UInt8], to path: String) throws {
        let writer = try WAVWriter(path: path, format: AudioFormat(sampleFormat: .signed16, rate: 44_100, channels: 2))
        try samples.withUnsafeBytes { try writer.write($0) }
        try writer.close()
    }

    /// Waits up to 10 s for `path` to hold `bytes`: the shutter answers once its first period is written.
    private func contents(of path: String, reach bytes: [UInt8], in files: TemporaryDirectory) async -> Bool {
        for _ in 0..<1_000 {
            if (try? files.read(path)) == bytes { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Terminal columns, counted independently of the CLI: Hangul syllables two, the rest one.
    private func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }
}
