import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitCoreTesting
import ToolkitTestSupport

/// `sounds.import` refusing what it is given: nothing is stored.
struct SoundImportTests {
    @Test func aRefusedTitleStoresNoBlob() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let wav = Data(Self.wav(frames: 4000)).base64EncodedString()
            for title in ["", "   ", String(repeating: "멍", count: 500)] {
                let refused = await #expect(throws: RPCError.self) {
                    try await client.call(SoundsImport.self, .init(data: wav, title: title))
                }
                #expect(refused?.code == .invalidParams)
                #expect(try refused?.data?.decode(JSONValue.self)["field"] == "title")
            }
            #expect(try await CaptureFixture.ownSounds(client).isEmpty)
            let stored = try await CaptureFixture.storedFiles(in: core, client: client)
            #expect(stored.blobs.isEmpty && stored.temporary.isEmpty, "\(stored)")
            // The same file with a title is stored.
            _ = try await client.call(SoundsImport.self, .init(data: wav, title: "squeaky toy"))
            #expect(try await CaptureFixture.storedFiles(in: core, client: client).blobs.count == 1)
        }
    }

    /// A 16-bit mono PCM WAV file of `frames` frames of a ramp at 8 kHz.
    static func wav(frames: Int) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xff) } }
        let data = (0..<frames).flatMap { le16(($0 * 37) % 20000 - 10000) }
        return Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(16)
            + le16(1) + le16(1) + le32(8000) + le32(16000) + le16(2) + le16(16) + Array("data".utf8)
            + le32(data.count) + data
    }
}
