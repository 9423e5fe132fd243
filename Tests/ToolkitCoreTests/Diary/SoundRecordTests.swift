import Audio
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// `sounds.record` through the built core over its socket, capturing with real ALSA from `file` PCMs whose input
/// the test controls: the samples stored, progress, cancel and disconnect, device errors and the length cap.
struct SoundRecordTests {
    @Test func aRecordingStoresExactlyTheInputsSamplesAfterItsProgress() async throws {
        // Given 1.5 s of 8 kHz mono input, and a subscriber to sound.recorded
        let capture = try CaptureFixture()
        let samples = CaptureFixture.samples(8_000 * 2 * 3 / 2)
        try capture.writeInput(samples)
        try await withCore(.binary, environment: capture.environment) { core in
            let watcher = try await core.lineClient()
            try watcher.send(
                #"{"jsonrpc":"2.0","id":1,"method":"events.subscribe","params":{"topics":["sound.recorded"]}}"# + "\n")
            _ = await watcher.readLine()

            // When 1.5 s are recorded from it with progress
            let line = try await core.lineClient()
            try line.send(
                #"{"jsonrpc":"2.0","id":7,"method":"sounds.record","params":{"title":"보리 부르기","seconds":1.5,"#
                    + #""device":"capturefile","rate":8000,"progress":true}}"# + "\n")
            var progress: [[String: Any]] = []
            var answer: [String: Any] = [:]
            while answer.isEmpty, let next = await line.readLine() {
                let message = jsonObject(next)
                if message["method"] as? String == "progress" {
                    progress.append(message["params"] as? [String: Any] ?? [:])
                } else {
                    answer = message
                }
            }

            // Then progress in seconds came before the answer, ending at the total
            #expect(!progress.isEmpty)
            #expect(progress.allSatisfy { $0["unit"] as? String == "seconds" && $0["total"] as? Int == 2 })
            #expect(progress.last?["done"] as? Int == 2 && progress.allSatisfy { $0["id"] as? Int == 7 })
            // and the sound holds the input's samples, in a WAV of the format asked for
            let result = try #require(answer["result"] as? [String: Any], "\(answer)")
            let client = try await core.rpcClient()
            let sound = try await client.call(SoundsGet.self, .init(id: try #require(result["id"] as? String)))
            #expect(sound.kind == "recorded" && sound.title == "보리 부르기" && sound.durationSeconds == 1.5)
            #expect(sound.rate == 8_000 && sound.channels == 1 && sound.bits == 16)
            let wav = try CaptureFixture.blob(sound.sha256, in: core)
            #expect(Array(wav.dropFirst(WAVWriter.headerSize)) == samples)
            #expect(sound.bytes == Int64(wav.count))
            let event = jsonObject(await watcher.readLine())["params"] as? [String: Any]
            #expect(event?["topic"] as? String == "sound.recorded")
            #expect((event?["data"] as? [String: Any])?["id"] as? String == sound.id)
            #expect(try await CaptureFixture.storedFiles(in: core, client: client).temporary.isEmpty)
        }
    }

    @Test func aCancelledRecordingKeepsNothingAndOtherRequestsAreServedMeanwhile() async throws {
        // Given a 10-minute recording from a FIFO fed 1 s of input, so it waits mid-way for more
        let capture = try CaptureFixture()
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            let line = try await core.lineClient()
            capture.feed(CaptureFixture.samples(8_000 * 2))
            try line.send(
                #"{"jsonrpc":"2.0","id":"rec","method":"sounds.record","params":{"title":"t","seconds":600,"#
                    + #""device":"capturefifo","rate":8000,"progress":true}}"# + "\n")
            let first = jsonObject(await line.readLine())
            #expect(first["method"] as? String == "progress", "\(first)")
            #expect((first["params"] as? [String: Any])?["done"] as? Int == 1)

            // When the connection asks for something else, then cancels the recording
            try line.send(#"{"jsonrpc":"2.0","id":2,"method":"system.ping"}"# + "\n")
            #expect(jsonObject(await line.readLine())["result"] as? String == "pong")
            try line.send(#"{"jsonrpc":"2.0","id":3,"method":"rpc.cancel","params":{"id":"rec"}}"# + "\n")
            var answers: [String: [String: Any]] = [:]
            while answers.count < 2, let next = await line.readLine() {
                let message = jsonObject(next)
                if let id = message["id"] { answers["\(id)"] = message }
            }
            // (the answer comes at once; the capture thread, blocked on the FIFO, stops when it reads again)
            capture.closeFIFO()

            // Then the recording is answered -32005, and no sound, blob or temp file is left
            #expect((answers["3"]?["result"] as? [String: Any])?["cancelled"] as? Bool == true)
            #expect((answers["rec"]?["error"] as? [String: Any])?["code"] as? Int == -32005, "\(answers)")
            var clean = false
            for _ in 0..<1_000 where !clean {
                clean = await nothingStored(in: core, client: client)
                if !clean { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(clean)
            #expect(try await CaptureFixture.ownSounds(client).isEmpty)
        }
    }

    @Test func aRecordingWhoseClientGoesAwayKeepsNothing() async throws {
        // Given a 10-minute recording from a FIFO, under way
        let capture = try CaptureFixture()
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            do {
                let line = try await core.lineClient()
                capture.feed(CaptureFixture.samples(8_000 * 2))
                try line.send(
                    #"{"jsonrpc":"2.0","id":1,"method":"sounds.record","params":{"title":"t","seconds":600,"#
                        + #""device":"capturefifo","rate":8000,"progress":true}}"# + "\n")
                #expect(jsonObject(await line.readLine())["method"] as? String == "progress")
                // When its client closes the connection (the line client is released here)
            }
            // and the input goes on slowly (at this pace the 10 minutes would take two of the test's)
            var stopped = false
            for _ in 0..<1_500 where !stopped {
                capture.feed(CaptureFixture.samples(1_600))
                try await Task.sleep(for: .milliseconds(20))
                stopped = try await CaptureFixture.storedFiles(in: core, client: client).temporary.isEmpty
            }

            // Then the capture stopped, and nothing was kept
            #expect(stopped)
            #expect(try await CaptureFixture.ownSounds(client).isEmpty)
            #expect(await nothingStored(in: core, client: client))
        }
    }

    @Test func anUnknownDeviceAndALengthOverTheCapAreRefusedAndStoreNothing() async throws {
        let capture = try CaptureFixture()
        try capture.writeInput(CaptureFixture.samples(1_000))
        try await withCore(.binary, environment: capture.environment) { core in
            let client = try await core.rpcClient()
            let device = await #expect(throws: RPCError.self) {
                try await client.call(SoundsRecord.self, .init(title: "t", seconds: 1, device: "nosuchcapture"))
            }
            #expect(device?.code.rawValue == -32006)
            #expect(device?.message.contains("nosuchcapture") == true, "\(String(describing: device))")
            let deviceData = try device?.data?.decode(JSONValue.self)
            #expect(deviceData?["device"] == "nosuchcapture" && deviceData?["alsaError"] == "No such file or directory")

            // The settings' capture device is used when a call names none.
            _ = try await client.call(SettingsSet.self, .init(captureDevice: "nosuchsetting"))
            let setting = await #expect(throws: RPCError.self) {
                try await client.call(SoundsRecord.self, .init(title: "t", seconds: 1))
            }
            #expect(setting?.code.rawValue == -32006 && setting?.message.contains("nosuchsetting") == true)

            for seconds in [600.5, 0, -1] {
                let long = await #expect(throws: RPCError.self) {
                    try await client.call(SoundsRecord.self, .init(title: "t", seconds: seconds, device: "capturefile"))
                }
                #expect(long?.code.rawValue == -32602)
                let data = try long?.data?.decode(JSONValue.self)
                #expect(data?["field"] == "seconds" && data?["limit"] == 600, "\(String(describing: data))")
            }
            #expect(try await CaptureFixture.ownSounds(client).isEmpty)
            #expect(await nothingStored(in: core, client: client))
        }
    }

    /// Whether the store holds no blob but the built-in sounds' and no temp file.
    private func nothingStored(in core: TestCore, client: RPCClient) async -> Bool {
        guard let files = try? await CaptureFixture.storedFiles(in: core, client: client) else { return false }
        return files.blobs.isEmpty && files.temporary.isEmpty
    }
}
