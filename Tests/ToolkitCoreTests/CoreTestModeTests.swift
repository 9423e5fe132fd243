import Foundation
import Testing
import ToolkitCoreTesting

/// The test modes themselves: each reaches a real core, the in-process one without a socket file, and the
/// test client sorts concurrent answers to their callers.
struct CoreTestModeTests {
    @Test(arguments: CoreTestMode.allCases)
    func everyModeServesACountedConnectionAndOnlyTheSocketModesMakeASocketFile(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.client()
            // The binary mode's readiness probe may still be closing on the core's side: wait for it to go.
            var open = 0
            for _ in 0..<500 {
                let info = try await client.object("system.info")
                open = (info["counts"] as? [String: Any])?["openConnections"] as? Int ?? 0
                if open == 1 { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(open == 1)
            #expect(FileManager.default.fileExists(atPath: core.socketPath) == (mode != .inProcess))
            await client.close()
        }
    }

    @Test(arguments: CoreTestMode.allCases)
    func concurrentCallsEachGetTheirOwnAnswer(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.client()
            let titles = try await withThrowingTaskGroup(of: String.self) { group in
                for number in 0..<50 {
                    group.addTask {
                        let entry = try await client.object("diary.create", ["title": "day \(number)", "body": ""])
                        return entry["title"] as? String ?? ""
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(titles == Set((0..<50).map { "day \($0)" }))
            await client.close()
        }
    }
}
