import Foundation
import JSONRPC
import PetDiary
import Testing
import ToolkitCoreTesting
import ToolkitTestSupport

/// `kill -9` in the middle of a bulk import, then a restart: the database is intact, every photo has its
/// file, and every import the core acknowledged is there.
struct CrashTests {
    @Test func killedDuringABulkImportKeepsEveryAcknowledgedPhoto() async throws {
        let core = try CoreProcess()
        let client = try await ObjectClient.connect(to: core.socketPath)
        let albumId = try #require(try await client.object("albums.create", ["title": "bulk"])["id"] as? String)
        let files = try TemporaryDirectory()
        let total = 320
        for number in 0..<total {
            let path = files.appending(String(format: "IMG_%04d.jpg", number))
            try Data(try MediaSamples.paddedJPEG(number: number, size: 512 << 10)).write(to: URL(fileURLWithPath: path))
        }

        // Start the import and kill the core at its first acknowledgement: a progress notification is sent
        // only after a batch is committed.
        let line = try LineClient(path: core.socketPath)
        try line.send(
            #"{"jsonrpc":"2.0","id":1,"method":"photos.importMany","params":{"albumId":"\#(albumId)","directory":"#
                + #""\#(files.path)","progress":true}}"#
                + "\n")
        var acknowledged = 0
        while acknowledged == 0, let text = await line.readLine(timeout: 60) {
            let message = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(message["id"] == nil, "the import finished before it could be interrupted: \(text.prefix(200))")
            acknowledged = (message["params"] as? [String: Any])?["done"] as? Int ?? 0
        }
        #expect(core.stop(signal: SIGKILL) == SIGKILL)
        #expect(acknowledged > 0 && acknowledged < total)
        await client.close()

        let store = try DiaryStore(path: core.dataDirectory + "/toolkit.sqlite")
        #expect(try await store.integrityCheck() == ["ok"])

        let restarted = try CoreProcess(dataDirectory: core.dataDirectory)
        let after = try await ObjectClient.connect(to: restarted.socketPath)
        var photos: [[String: Any]] = []
        var cursor: String?
        repeat {
            var params: [String: Any] = ["albumId": albumId, "limit": 500]
            if let cursor { params["cursor"] = cursor }
            let page = try await after.object("photos.list", params)
            photos += page["items"] as? [[String: Any]] ?? []
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        let names = Set(photos.compactMap { $0["filename"] as? String })
        for number in 0..<acknowledged {
            #expect(names.contains(String(format: "IMG_%04d.jpg", number)), "acknowledged import \(number) is missing")
        }

        // Every row has its whole file, and the start-up pass left no temp file and no stray blob.
        let blobs = restarted.dataDirectory + "/blobs"
        for photo in photos {
            let sha256 = try #require(photo["sha256"] as? String)
            let path = "\(blobs)/sha256/\(sha256.prefix(2))/\(sha256)"
            let sum = try await runCommand("/usr/bin/sha256sum", [path])
            #expect(sum.stdout.hasPrefix(sha256), "\(path) does not hold its bytes")
        }
        _ = try await after.object("system.gc")
        let stored = try FileManager.default.subpathsOfDirectory(atPath: blobs + "/sha256").filter { $0.count > 3 }
        let sounds = try await after.items("sounds.list", ["limit": 50]).compactMap { $0["sha256"] as? String }
        #expect(
            Set(stored.map { String($0.suffix(64)) }) == Set(photos.compactMap { $0["sha256"] as? String } + sounds))
        #expect(try FileManager.default.contentsOfDirectory(atPath: blobs + "/tmp").isEmpty)
        await after.close()
        restarted.stop()
    }
}
