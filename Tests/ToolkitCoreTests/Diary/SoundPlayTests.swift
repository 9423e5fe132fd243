import Audio
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Sounds played by the core over the socket, into ALSA's `file` PCM (no sound card needed): `sounds.play`,
/// `shutter.fire` with its choice of sound and its event, the device setting, and device errors.
struct SoundPlayTests {
    @Test func aPlayedSoundReachesTheDeviceSampleForSample() async throws {
        // Given an imported 16-bit stereo WAV
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let samples = (0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let sound = try await client.call(
                SoundsImport.self, .init(data: try wav(samples, in: files).base64EncodedString(), title: "toy"))

            // When it is played with wait into a file PCM
            let output = files.appending("out.raw")
            let result = try await client.call(
                SoundsPlay.self, .init(id: sound.id, device: "file:'\(output)',raw", wait: true))

            // Then the file holds the WAV's data chunk, and the answer says so
            #expect(result.finished && result.framesWritten == 1_000 && result.stopped == false)
            #expect(try files.read(output) == samples)
            // Without wait it answers at the start; the rest follows at once on a PCM that does not pace.
            let second = files.appending("second.raw")
            let started = try await client.call(SoundsPlay.self, .init(id: sound.id, device: "file:'\(second)',raw"))
            #expect(!started.finished && started.framesWritten == nil)
            #expect(await contents(of: second, reach: samples, in: files))
            #expect(try await client.call(SoundsStop.self, .init()).stopped == 0)
        }
    }

    @Test func theSettingsSoundDeviceIsUsedWhenACallNamesNone() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            #expect(try await client.call(SettingsGet.self, .init()).soundDevice == "default")
            let output = files.appending("settings.raw")
            let device = "file:'\(output)',raw"
            let settings = try await client.call(SettingsSet.self, .init(soundDevice: device, captureDevice: "null"))
            #expect(settings.soundDevice == device && settings.captureDevice == "null")
            #expect(try await client.call(SettingsGet.self, .init()) == settings)

            let result = try await client.call(SoundsPlay.self, .init(id: "bell", wait: true))
            #expect(result.device == device)
            #expect(try files.read(output) == samples(of: .bell))
            // The shutter too; the file PCM opens its file anew, truncated.
            let fired = try await client.call(ShutterFire.self, .init())
            #expect(fired.device == device && fired.soundId == "clicker")
            #expect(await contents(of: output, reach: samples(of: .clicker), in: files))

            let empty = await #expect(throws: RPCError.self) {
                try await client.call(SettingsSet.self, .init(soundDevice: " "))
            }
            #expect(empty?.code.rawValue == -32602)
        }
    }

    @Test func anUnknownDeviceIsADeviceErrorNamingIt() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            for call in [
                { _ = try await client.call(SoundsPlay.self, .init(id: "bell", device: "nosuchdevice", wait: true)) },
                { _ = try await client.call(SoundsPlay.self, .init(id: "bell", device: "nosuchdevice")) },
                { _ = try await client.call(ShutterFire.self, .init(device: "nosuchdevice")) },
            ] {
                let error = await #expect(throws: RPCError.self) { try await call() }
                #expect(error?.code.rawValue == -32006, "\(String(describing: error))")
                #expect(error?.message.contains("nosuchdevice") == true, "\(String(describing: error))")
                let data = try error?.data?.decode(JSONValue.self)
                #expect(data?["device"] == "nosuchdevice" && data?["alsaError"] == "No such file or directory")
            }
        }
    }

    @Test func theShutterPlaysThePetsSoundElseTheDefaultElseTheClickerAndIsAnnounced() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let watcher = try await core.lineClient()
            try watcher.send(
                #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["shutter.fired"]}}"# + "\n")
            _ = await watcher.readLine()
            let toy = (0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
            let sound = try await client.call(
                SoundsImport.self, .init(data: try wav(toy, in: files).base64EncodedString(), title: "toy"))
            let bori = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: sound.id))
            let kong = try await client.call(PetsCreate.self, .init(name: "콩"))

            func fire(_ petId: String?, into name: String, expecting bytes: [UInt8]) async throws -> ShutterFire.Result
            {
                let output = files.appending(name)
                let result = try await client.call(
                    ShutterFire.self, .init(petId: petId, device: "file:'\(output)',raw"))
                #expect(await contents(of: output, reach: bytes, in: files), "\(name)")
                let event = try #require(await watcher.readLine())
                let message = try JSONSerialization.jsonObject(with: Data(event.utf8)) as? [String: Any]
                let params = try #require(message?["params"] as? [String: Any])
                #expect(params["topic"] as? String == "shutter.fired")
                let data = try #require(params["data"] as? [String: Any])
                #expect(data["soundId"] as? String == result.soundId && data["at"] as? String == result.at)
                #expect((data["petId"] as? String) == petId)
                return result
            }

            let own = try await fire(bori.id, into: "bori.raw", expecting: toy)
            #expect(own.soundId == sound.id && own.source == "pet")
            let builtin = try await fire(kong.id, into: "kong.raw", expecting: samples(of: .clicker))
            #expect(builtin.soundId == "clicker" && builtin.source == "builtin")
            _ = try await client.call(SettingsSet.self, .init(shutterSoundId: "bell"))
            let fallback = try await fire(nil, into: "default.raw", expecting: samples(of: .bell))
            #expect(fallback.soundId == "bell" && fallback.source == "settings")
            // A second fire on the same device reuses the prepared sound: the file gets the samples again.
            _ = try await fire(bori.id, into: "bori.raw", expecting: toy + toy)

            let unknown = await #expect(throws: RPCError.self) {
                try await client.call(ShutterFire.self, .init(petId: "no-such-pet", device: "null"))
            }
            #expect(unknown?.code.rawValue == -32001)
        }
    }

    @Test func soundsStopStopsAPlayThatIsStillGoing() async throws {
        // Given a 10-second sound playing into a FIFO that nobody reads yet, so the play blocks
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let samples = (0..<(44_100 * 4 * 10)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
            let sound = try await client.call(
                SoundsImport.self, .init(data: try wav(samples, in: files).base64EncodedString(), title: "long"))
            let fifo = try FIFO(files.appending("out.fifo"))
            let started = try await client.call(SoundsPlay.self, .init(id: sound.id, device: "file:'\(fifo.path)',raw"))
            #expect(!started.finished)

            // When it is stopped, then the FIFO drained
            #expect(try await client.call(SoundsStop.self, .init()).stopped == 1)
            let received = await fifo.read(until: { _, ended in ended })

            // Then what reached the device is a start of the samples, not all of them
            #expect(received.count < samples.count)
            #expect(received == Array(samples.prefix(received.count)))
            #expect(try await client.call(SoundsStop.self, .init()).stopped == 0)
        }
    }

    @Test func aSecondShutterFireRestartsTheSound() async throws {
        // Given a pet whose shutter sound is 2 seconds long, fired into a FIFO drained slowly
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let samples = (0..<(44_100 * 4 * 2)).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ $0 >> 10) }
            let sound = try await client.call(
                SoundsImport.self, .init(data: try wav(samples, in: files).base64EncodedString(), title: "long"))
            let pet = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: sound.id))
            let fifo = try FIFO(files.appending("out.fifo"))
            let device = "file:'\(fifo.path)',raw"
            let (firstBytes, arrived) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            async let drained = fifo.read(pace: .milliseconds(5)) { bytes, _ in
                if !bytes.isEmpty { arrived.yield() }
                return bytes.count > samples.count && Array(bytes.suffix(samples.count)) == samples
            }

            // When it is fired twice in a row, the second time once the first play's bytes reach the FIFO
            _ = try await client.call(ShutterFire.self, .init(petId: pet.id, device: device))
            for await _ in firstBytes { break }
            _ = try await client.call(ShutterFire.self, .init(petId: pet.id, device: device))

            // Then the first play was cut short (what it wrote reached the FIFO) and the second played the whole
            // sound after it
            let received = await drained
            let cut = received.count - samples.count
            #expect(cut > 0 && cut < samples.count, "\(received.count) bytes")
            #expect(Array(received.prefix(max(cut, 0))) == Array(samples.prefix(max(cut, 0))))
        }
    }

    @Test func aPreparedShutterSoundNoLongerUsedIsClosed() async throws {
        // Given a pet's own sound fired once, so the core keeps it prepared with its file PCM open
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let sound = try await client.call(
                SoundsImport.self, .init(data: try wav([1, 2, 3, 4], in: files).base64EncodedString(), title: "toy"))
            let pet = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: sound.id))
            let output = files.appending("prepared.raw")
            _ = try await client.call(ShutterFire.self, .init(petId: pet.id, device: "file:'\(output)',raw"))
            #expect(await openFiles(including: output, are: true))

            // When the pet's shutter sound changes
            _ = try await client.call(PetsUpdate.self, .init(id: pet.id, shutterSoundId: "bell"))

            // Then the prepared sound is closed: no pet or setting uses its bytes any more
            #expect(await openFiles(including: output, are: false))
        }
    }

    /// Waits up to 10 s for this process to have (or not have) `path` open.
    private func openFiles(including path: String, are open: Bool) async -> Bool {
        for _ in 0..<1_000 {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            let targets = descriptors.compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
            }
            if targets.contains(path) == open { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// A 16-bit stereo 44.1 kHz WAV file of `samples`.
    private func wav(_ samples: [UInt8], in files: TemporaryDirectory) throws -> Data {
        let path = files.appending("in-\(UUID().uuidString).wav")
        let writer = try WAVWriter(path: path, format: AudioFormat(sampleFormat: .signed16, rate: 44_100, channels: 2))
        try samples.withUnsafeBytes { try writer.write($0) }
        try writer.close()
        return Data(try files.read(path))
    }

    /// The data chunk of a built-in sound.
    private func samples(of sound: BuiltinSound) -> [UInt8] {
        Array(sound.wavBytes().dropFirst(WAVWriter.headerSize))
    }

    /// Waits up to 10 s for `path` to hold `bytes`: a play answered at its start goes on writing.
    private func contents(of path: String, reach bytes: [UInt8], in files: TemporaryDirectory) async -> Bool {
        for _ in 0..<1_000 {
            if (try? files.read(path)) == bytes { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}

/// A FIFO for a file PCM to write into: opened for reading at once (without blocking), so the PCM's open
/// succeeds and its writes block once the pipe is full, until the test reads.
private final class FIFO: Sendable {
    let path: String
    private let descriptor: Int32

    init(_ path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw TestFailure("mkfifo \(path): errno \(errno)") }
        self.path = path
        descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw TestFailure("open \(path): errno \(errno)") }
    }

    deinit { close(descriptor) }

    /// Reads 4 KiB at a time, waiting `pace` between reads, until `done(bytes, ended)` says so or 2 minutes pass;
    /// `ended` is true once the writer has closed its end. The limit only stops a test that went wrong: in the
    /// whole suite on two cores each wake-up may wait long for a thread, and 30 s once read only 316 KiB.
    func read(pace: Duration = .zero, until done: ([UInt8], Bool) -> Bool) async -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(120))
        while ContinuousClock.now < deadline {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n > 0 { bytes += buffer[..<n] }
            // 0 is the end only once a writer has come and gone; before the first open it is "no writer yet".
            let ended = n == 0 && !bytes.isEmpty
            if done(bytes, ended) { return bytes }
            try? await Task.sleep(for: n > 0 ? pace : .milliseconds(5))
        }
        return bytes
    }
}
