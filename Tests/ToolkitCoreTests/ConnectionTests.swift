import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// How one connection behaves over a real socket: concurrency, cancellation, half-close, limits.
struct ConnectionTests {
    let cancelled = Counter()
    let finished = Counter()
    let started = Counter()

    private func server(configure: (inout ToolkitConfiguration) -> Void = { _ in }) async throws -> InProcessServer {
        let server = try await InProcessServer(configure: configure)
        try server.registry.register(TestMethods.Sleep(cancelled: cancelled, finished: finished, started: started))
        return server
    }

    @Test func requestsRunConcurrentlyAndAnswerOutOfOrder() async throws {
        let server = try await server()
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"test.sleep","params":{"ms":300},"id":"slow"}"# + "\n")
        try client.send(#"{"jsonrpc":"2.0","method":"test.sleep","params":{"ms":1},"id":"fast"}"# + "\n")
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":"ping"}"# + "\n")
        let lines = await client.readLines(3)
        #expect(lines.count == 3)
        #expect(lines.last == #"{"jsonrpc":"2.0","result":300,"id":"slow"}"#)
        #expect(
            Set(lines.dropLast()) == [
                #"{"jsonrpc":"2.0","result":"pong","id":"ping"}"#, #"{"jsonrpc":"2.0","result":1,"id":"fast"}"#,
            ])
        await server.stop()
    }

    @Test func cancelAnswersTheCancelledRequestWithMinus32005() async throws {
        let server = try await server()
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"test.sleep","params":{"ms":60000},"id":7}"# + "\n")
        try client.send(#"{"jsonrpc":"2.0","method":"rpc.cancel","params":{"id":7},"id":8}"# + "\n")
        let lines = Set(await client.readLines(2))
        #expect(
            lines == [
                #"{"jsonrpc":"2.0","error":{"code":-32005,"message":"The request was cancelled."},"id":7}"#,
                #"{"jsonrpc":"2.0","result":{"cancelled":true},"id":8}"#,
            ])
        try client.send(#"{"jsonrpc":"2.0","method":"rpc.cancel","params":[7],"id":9}"# + "\n")
        let again = try #require(await client.readLine())
        #expect(again.contains(#""code":-32001"#) && again.contains(#""id":9"#))
        try await waitUntil { cancelled.count == 1 }
        await server.stop()
    }

    @Test func methodsThatPreferTheEventLoopRunThereAndCanBeCancelled() async throws {
        let server = try await server()
        try server.registry.register(TestMethods.OnLoop())
        try server.registry.register(TestMethods.OffLoop())
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"test.onLoop","params":{"ms":1},"id":1}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":[true,true],"id":1}"#)
        try client.send(#"{"jsonrpc":"2.0","method":"test.offLoop","params":{"ms":1},"id":2}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":[false,false],"id":2}"#)

        try client.send(#"{"jsonrpc":"2.0","method":"test.onLoop","params":{"ms":60000},"id":3}"# + "\n")
        try client.send(#"{"jsonrpc":"2.0","method":"rpc.cancel","params":{"id":3},"id":4}"# + "\n")
        #expect(
            Set(await client.readLines(2)) == [
                #"{"jsonrpc":"2.0","error":{"code":-32005,"message":"The request was cancelled."},"id":3}"#,
                #"{"jsonrpc":"2.0","result":{"cancelled":true},"id":4}"#,
            ])
        await server.stop()
    }

    @Test func closingTheConnectionCancelsItsRequests() async throws {
        let server = try await server()
        do {
            let client = try server.lineClient()
            for id in 1...3 {
                try client.send(#"{"jsonrpc":"2.0","method":"test.sleep","params":{"ms":60000},"id":\#(id)}"# + "\n")
            }
            try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":0}"# + "\n")
            #expect(await client.readLine() != nil)  // all four were read before the close
        }
        try await waitUntil { cancelled.count == 3 }
        #expect(finished.count == 0)
        await server.stop()
    }

    @Test func halfClosedClientGetsEveryAnswerThenEOF() async throws {
        let server = try await server()
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"test.sleep","params":{"ms":200},"id":1}"# + "\n")
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":2}"# + "\n{\"unfinished\": ")
        client.shutdownWrite()
        let lines = await client.readLines(3)
        #expect(lines.count == 3)
        #expect(lines.contains(#"{"jsonrpc":"2.0","result":200,"id":1}"#))
        #expect(lines.contains(#"{"jsonrpc":"2.0","result":"pong","id":2}"#))
        #expect(lines.contains { $0.contains("-32700") && $0.contains("ended in the middle") })
        #expect(await client.waitForEOF())
        await server.stop()
    }

    @Test func messageOverTheLimitGetsMinus32600AndTheConnectionGoesOn() async throws {
        let server = try await server { $0.limits.connection.maximumMessageBytes = 4096 }
        let client = try server.lineClient()
        let big =
            #"{"jsonrpc":"2.0","method":"system.ping","params":{"pad":""# + String(repeating: "a", count: 100_000)
            + "\"},\"id\":1}\n"
        try client.send(big)
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":2}"# + "\n")
        #expect(
            await client.readLine()
                == #"{"jsonrpc":"2.0","error":{"code":-32600,"message":"Message is longer than the limit of 4096 "#
                + #"bytes; send less per message.","data":{"limit":4096}},"id":null}"#
        )
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":2}"#)
        await server.stop()
    }

    @Test func hundredConcurrentClients() async throws {
        let server = try await server()
        let path = server.socketPath
        try await withThrowingTaskGroup(of: Int.self) { group in
            for clientNumber in 0..<100 {
                group.addTask {
                    let client = try await RPCClient.connect(to: path)
                    var answered = 0
                    try await withThrowingTaskGroup(of: Int.self) { calls in
                        for call in 0..<20 {
                            calls.addTask {
                                let params = RawJSON(["ms": .int((clientNumber + call) % 5)])
                                return Int(try await client.call("test.sleep", params: params).text)!
                            }
                        }
                        for try await _ in calls { answered += 1 }
                    }
                    await client.close()
                    return answered
                }
            }
            var total = 0
            for try await answered in group { total += answered }
            #expect(total == 100 * 20)
        }
        await server.stop()
    }

    @Test func clientThatNeverReadsIsThrottledAndOthersAreNotSlowed() async throws {
        let calls = Counter()
        let server = try await InProcessServer {
            $0.limits.connection.maximumOutgoingBytes = 256 * 1024
            $0.shutdownGracePeriod = .milliseconds(100)
        }
        try server.registry.register(TestMethods.Blob(calls: calls))
        let greedy = try server.lineClient()
        let request = Array((#"{"jsonrpc":"2.0","method":"test.blob","params":{"bytes":65536},"id":1}"# + "\n").utf8)
        // Offer 20,000 requests (each answered with 64 KiB) for two seconds and never read an answer.
        var offered: [UInt8] = []
        for _ in 0..<20000 { offered += request }
        var sent = 0
        let deadline = ContinuousClock.now + .seconds(2)
        while sent < offered.count, ContinuousClock.now < deadline {
            sent += greedy.sendWithoutWaiting(Array(offered[sent...]))
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(300))
        let executed = calls.count
        // The core stopped reading the greedy client once its answers piled up: memory stays bounded.
        #expect(sent < offered.count, "the core read every request")
        #expect(executed > 0 && executed < 20, "executed \(executed) of 20000")
        // Another client is served at once meanwhile.
        let other = try server.lineClient()
        try other.send(#"{"jsonrpc":"2.0","method":"system.ping","id":1}"# + "\n")
        #expect(await other.readLine(timeout: 5) == #"{"jsonrpc":"2.0","result":"pong","id":1}"#)
        #expect(calls.count == executed)
        await server.stop()
    }

    @Test func gracefulShutdownLetsRunningRequestsFinish() async throws {
        let server = try await server { $0.shutdownGracePeriod = .seconds(10) }
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"test.sleep","params":{"ms":400},"id":1}"# + "\n")
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":2}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":2}"#)
        await server.stop()
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":400,"id":1}"#)
        #expect(await client.waitForEOF())
        #expect(!FileManager.default.fileExists(atPath: server.socketPath))
    }

    @Test func shutdownCancelsRequestsThatOutliveTheGracePeriod() async throws {
        let server = try await server { $0.shutdownGracePeriod = .milliseconds(200) }
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"test.sleep","params":{"ms":60000},"id":1}"# + "\n")
        try await waitUntil { started.count == 1 }
        await server.stop()
        #expect(await client.waitForEOF())
        try await waitUntil { cancelled.count == 1 }
    }
}

/// Polls `condition` every 10 ms for up to `seconds` (times ``TestPatience``).
func waitUntil(seconds: Double = 30, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + TestPatience.scaled(.milliseconds(Int(seconds * 1000)))
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("condition not met within \(seconds) s")
            return
        }
        try await Task.sleep(for: .milliseconds(10))
    }
}
