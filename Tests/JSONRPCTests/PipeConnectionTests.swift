#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import Testing
import NIOCore

/// Two peers over a real pipe pair (pipe(2)), each serving the other: calls both ways, calls back on the
/// pipe a call came on, cancellation, and the end of a pipe.
struct PipeConnectionTests {
    let started = Counter()
    let cancelled = Counter()

    /// Two clients joined by two pipes, each serving ``PeerMethods``.
    private func pair() async throws -> (RPCClient, RPCClient) {
        var aToB: [Int32] = [0, 0]
        var bToA: [Int32] = [0, 0]
        try #require(pipe(&aToB) == 0 && pipe(&bToA) == 0)
        let a = try await RPCClient.connect(
            input: bToA[0], output: aToB[1], serving: try PeerMethods.registry(started: started, cancelled: cancelled))
        let b = try await RPCClient.connect(
            input: aToB[0], output: bToA[1], serving: try PeerMethods.registry(started: started, cancelled: cancelled))
        return (a, b)
    }

    @Test func eachEndCallsTheOtherConcurrently() async throws {
        let (a, b) = try await pair()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (caller, name) in [(a, "a"), (b, "b")] {
                for number in 0..<200 {
                    group.addTask {
                        let text = "\(name)\(number)"
                        let answer = try await caller.call(
                            "peer.echo", params: PeerMethods.Text(text: text), as: String.self)
                        #expect(answer == text)
                    }
                }
            }
            try await group.waitForAll()
        }
        await a.close()
        await b.close()
    }

    @Test func aServedMethodCallsBackOnThePipeItWasCalledOn() async throws {
        let (a, b) = try await pair()
        async let fromA = a.call("peer.askBack", params: PeerMethods.Text(text: "hi from a"), as: String.self)
        async let fromB = b.call("peer.askBack", params: PeerMethods.Text(text: "hi from b"), as: String.self)
        #expect(try await fromA == "back: hi from a")
        #expect(try await fromB == "back: hi from b")
        await a.close()
        await b.close()
    }

    @Test func cancellingTheCallerCancelsTheRequestOnThePeer() async throws {
        let (a, b) = try await pair()
        let call = Task { try await a.call("peer.sleep", params: RawJSON(["ms": 60_000])) }
        try await waitUntil { started.count == 1 }
        call.cancel()
        let error = await #expect(throws: RPCError.self) { try await call.value }
        #expect(error?.code == .cancelled)
        try await waitUntil { cancelled.count == 1 }
        // The connection goes on.
        #expect(try await a.call("peer.echo", params: PeerMethods.Text(text: "still"), as: String.self) == "still")
        await a.close()
        await b.close()
    }

    @Test func closingOneEndFailsThePendingCallsOfTheOtherAndClosesIt() async throws {
        let (a, b) = try await pair()
        let call = Task { try await a.call("peer.sleep", params: RawJSON(["ms": 60_000])) }
        try await waitUntil { started.count == 1 }
        await b.close()
        await #expect {
            try await call.value
        } throws: { error in
            (error as? RPCClientError)?.code == .connectionClosed
        }
        // a reads the end of its input, has nothing running, and closes.
        try await a.rpcConnection.closeFuture.get()
        var notifications = a.notifications.makeAsyncIterator()
        #expect(await notifications.next() == nil)
        await #expect(throws: RPCClientError.self) { try await a.call("peer.echo", params: RawJSON(["text": "x"])) }
        // b's own request was cancelled when it closed.
        try await waitUntil { cancelled.count == 1 }
    }

    @Test func anEndThatFinishesWritingStillGetsItsAnswersThenBothClose() async throws {
        let (a, b) = try await pair()
        async let slow = a.call("peer.sleep", params: RawJSON(["ms": 100]))
        try await waitUntil { started.count == 1 }
        a.finishWriting()
        #expect(try await slow.text == "100")
        await #expect(throws: RPCClientError.self) { try await a.call("peer.echo", params: RawJSON(["text": "x"])) }
        // b read the end of its input and closed once it had answered; then a read the end of its own.
        try await b.rpcConnection.closeFuture.get()
        try await a.rpcConnection.closeFuture.get()
    }

    /// What one thread sends leaves in the order sent, however much other threads send at the same time (all of
    /// it reaches the connection's loop through one queue).
    @Test func notificationsFromOneThreadKeepTheirOrderAmongConcurrentCalls() async throws {
        let (a, b) = try await pair()
        let count = 2_000
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for seq in 0..<count { b.notify("event", params: RawJSON(["seq": .int(seq)])) }
            }
            for number in 0..<200 {
                group.addTask {
                    let text = "b\(number)"
                    let answer = try await b.call("peer.echo", params: PeerMethods.Text(text: text), as: String.self)
                    #expect(answer == text)
                }
            }
            try await group.waitForAll()
        }
        var received: [Int] = []
        for await notification in a.notifications {
            let params = try #require(notification.params).decode([String: Int].self)
            received.append(try #require(params["seq"]))
            if received.count == count { break }
        }
        #expect(received == Array(0..<count))
        await a.close()
        await b.close()
    }

    @Test func notificationsNoMethodAnswersArriveOnTheStream() async throws {
        let (a, b) = try await pair()
        b.notify("progress", params: RawJSON(["done": 1]))
        b.notify("peer.echo", params: RawJSON(["text": "served, not streamed"]))
        b.notify("event", params: RawJSON(["seq": 2]))
        var notifications = a.notifications.makeAsyncIterator()
        #expect(await notifications.next()?.method == "progress")
        #expect(await notifications.next()?.method == "event")
        await a.close()
        await b.close()
    }
}
