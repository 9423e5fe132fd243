import Audio
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `shutter.fire` while the prepared sound it uses is being replaced: the fire under way still plays.
struct ShutterRaceTests {
    @Test func aFireInFlightWhenThePetsSoundChangesStillPlaysTheSoundItChose() async throws {
        // Given a pet with its own sound, fired on a file PCM whose FIFO has no reader yet, so the core is
        // still preparing the sound (opening the device) when the pet's sound changes
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let samples = (0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 3) }
            let sound = try await client.call(
                SoundsImport.self, .init(data: try wav(samples, in: files).base64EncodedString(), title: "toy"))
            let pet = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: sound.id))
            let fifo = files.appending("out.fifo")
            guard mkfifo(fifo, 0o600) == 0 else { throw TestFailure("mkfifo \(fifo): errno \(errno)") }
            async let fired = client.call(ShutterFire.self, .init(petId: pet.id, device: "file:'\(fifo)',raw"))
            try await Task.sleep(for: .milliseconds(300))

            // When the pet's sound changes (the core drops the prepared sound no pet uses any more) and then the
            // device opens
            _ = try await client.call(PetsUpdate.self, .init(id: pet.id, shutterSoundId: "bell"))
            try await Task.sleep(for: .milliseconds(300))
            async let received = readOnItsOwnThread(fifo)

            // Then the fire that was under way is answered with the sound it chose, and its samples reach the
            // device
            let result = try await fired
            #expect(result.soundId == sound.id && result.source == "pet")
            #expect(try await received.get() == samples)
        }
    }

    /// A 16-bit stereo 44.1 kHz WAV file of `samples`.
    private func wav(_ samples: [UInt8], in files: TemporaryDirectory) throws -> Data {
        let path = files.appending("in-\(UUID().uuidString).wav")
        let writer = try WAVWriter(path: path, format: AudioFormat(sampleFormat: .signed16, rate: 44_100, channels: 2))
        try samples.withUnsafeBytes { try writer.write($0) }
        try writer.close()
        return Data(try files.read(path))
    }
}

/// ``readAll(_:)`` on a thread of its own, off the cooperative pool, since it blocks.
private func readOnItsOwnThread(_ path: String) async -> Result<[UInt8], any Error> {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { try readAll(path) }) }.start()
    }
}

/// Opens `path` for reading (blocking until a writer opens it) and reads until every writer has closed it.
private func readAll(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw TestFailure("open \(path): errno \(errno)") }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard n > 0 else { return bytes }
        bytes += buffer[..<n]
    }
}
