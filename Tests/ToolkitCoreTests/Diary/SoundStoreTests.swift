import Audio
import Hashing
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Sounds in the store, as a client sees them: the built-in ones from the first start, WAV imports checked
/// before anything is stored, and the rules for renaming and deleting.
struct SoundStoreTests {
    @Test(arguments: CoreTestMode.allCases)
    func theBuiltInSoundsAreThereFromTheFirstStartWithTheSameBytesEverywhere(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.rpcClient()
            let sounds = try await client.call(SoundsList.self, .init(order: "oldest", limit: 50)).items
            #expect(sounds.map(\.id).sorted() == ["bell", "chirp", "clicker", "squeak", "whistle"])
            for sound in sounds {
                let builtin = try BuiltinSound(named: sound.id)
                #expect(sound.kind == "builtin" && sound.rate == 44_100 && sound.channels == 1 && sound.bits == 16)
                #expect(sound.sha256 == sha256(builtin.wavBytes()), "\(sound.id)")
                #expect(try blob(sound.sha256, in: core.dataDirectory) == builtin.wavBytes())
            }
            // A restart adds none twice.
            try await core.restart()
            let again = try await core.rpcClient()
            #expect(try await again.call(SoundsList.self, .init(limit: 50)).items.count == 5)
        }
    }

    @Test func aWAVFileIsImportedFromAPathOrFromDataAndItsFormatRead() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let path = files.appending("toy.wav")
            let writer = try WAVWriter(
                path: path, format: AudioFormat(sampleFormat: .signed24, rate: 48_000, channels: 2))
            let frames = [UInt8](repeating: 0x10, count: 48_000 * 2 * 3)
            try frames.withUnsafeBytes { try writer.write($0) }
            try writer.close()
            let bytes = try files.read(path)

            let imported = try await client.call(SoundsImport.self, .init(path: path, title: "삑삑이"))
            #expect(imported.kind == "imported" && imported.title == "삑삑이")
            #expect(imported.rate == 48_000 && imported.channels == 2 && imported.bits == 24)
            #expect(abs(imported.durationSeconds - 1.0) < 0.001)
            #expect(try blob(imported.sha256, in: core.dataDirectory) == bytes)
            #expect(try await client.call(SoundsGet.self, .init(id: imported.id)) == imported)

            let fromData = try await client.call(
                SoundsImport.self, .init(data: Data(bytes).base64EncodedString(), title: "copy"))
            #expect(fromData.sha256 == imported.sha256 && fromData.id != imported.id)
        }
    }

    @Test func aBrokenWAVIsRefusedWithTheReadersReasonAndNothingIsStored() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let blobsBefore = blobFiles(in: core.dataDirectory)
            var notWAV = BuiltinSound.bell.wavBytes()
            notWAV.replaceSubrange(8..<12, with: Array("AVI ".utf8))
            let error = await #expect(throws: RPCError.self) {
                try await client.call(SoundsImport.self, .init(data: Data(notWAV).base64EncodedString(), title: "x"))
            }
            #expect(error?.code.rawValue == -32602, "\(String(describing: error))")
            #expect(error?.message.hasPrefix("data is not a WAV file the toolkit can play: ") == true)
            let data = try error?.data?.decode(JSONValue.self)
            #expect(data?["field"] == "data" && data?["reason"] == "malformed-wav", "\(String(describing: data))")
            #expect(blobFiles(in: core.dataDirectory) == blobsBefore)
            #expect(try await client.call(SoundsList.self, .init(limit: 50)).items.count == 5)

            let relative = await #expect(throws: RPCError.self) {
                try await client.call(SoundsImport.self, .init(path: "toy.wav", title: "x"))
            }
            #expect(relative?.code.rawValue == -32602)
        }
    }

    @Test func builtInsStayAndASoundInUseIsDeletedOnlyWithForce() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            for attempt in [
                { _ = try await client.call(SoundsDelete.self, .init(id: "squeak")) },
                { _ = try await client.call(SoundsRename.self, .init(id: "bell", title: "종")) },
            ] {
                let refusal = await #expect(throws: RPCError.self) { try await attempt() }
                #expect(refusal?.code.rawValue == -32002, "\(String(describing: refusal))")
            }

            let sound = try await client.call(
                SoundsImport.self, .init(data: Data(BuiltinSound.chirp.wavBytes()).base64EncodedString(), title: "toy"))
            let renamed = try await client.call(SoundsRename.self, .init(id: sound.id, title: "squeaky toy"))
            #expect(renamed.title == "squeaky toy")
            let unknown = await #expect(throws: RPCError.self) {
                try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: "no-such-sound"))
            }
            #expect(unknown?.code.rawValue == -32001)
            let pet = try await client.call(PetsCreate.self, .init(name: "보리", shutterSoundId: sound.id))

            let inUse = await #expect(throws: RPCError.self) {
                try await client.call(SoundsDelete.self, .init(id: sound.id))
            }
            #expect(inUse?.code.rawValue == -32002 && inUse?.message.contains("the pet 보리") == true)
            #expect(try await client.call(SoundsDelete.self, .init(id: sound.id, force: true)).deleted == 1)
            #expect(try await client.call(PetsGet.self, .init(id: pet.id)).shutterSoundId == nil)
            let gone = await #expect(throws: RPCError.self) {
                try await client.call(SoundsGet.self, .init(id: sound.id))
            }
            #expect(gone?.code.rawValue == -32001)
            // The chirp's bytes stay: the built-in sound still uses them.
            #expect(try blob(sound.sha256, in: core.dataDirectory) == BuiltinSound.chirp.wavBytes())
        }
    }

    private func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    private func blob(_ sha256: String, in dataDirectory: String) throws -> [UInt8] {
        let path = "\(dataDirectory)/blobs/sha256/\(sha256.prefix(2))/\(sha256)"
        guard let data = FileManager.default.contents(atPath: path) else { throw TestFailure("no blob at \(path)") }
        return [UInt8](data)
    }

    private func blobFiles(in dataDirectory: String) -> [String] {
        (FileManager.default.enumerator(atPath: dataDirectory + "/blobs/sha256")?.allObjects as? [String] ?? [])
            .sorted()
    }
}
