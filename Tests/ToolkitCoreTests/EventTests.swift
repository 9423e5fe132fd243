import Foundation
import JSONRPC
import Testing
import ToolkitCore
import ToolkitCoreTesting

struct EventTests {
    private func decode(_ line: String?) throws -> [String: Any] {
        let line = try #require(line)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// The `params` of a notification line.
    private func params(_ line: String?) throws -> [String: Any] {
        let message = try decode(line)
        return try #require(message["params"] as? [String: Any])
    }

    /// Each change of the diary goes out under its topic in the event catalogue, in the order made.
    @Test func diaryChangesGoOutUnderTheirTopics() async throws {
        let server = try await InProcessServer()
        let watcher = try server.lineClient()
        try watcher.send(#"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"]},"id":1}"# + "\n")
        _ = await watcher.readLine()
        let client = try server.lineClient()
        let calls = [
            #""method":"pets.create","params":{"name":"보리"}"#,
            #""method":"albums.create","params":{"title":"Walks"}"#,
            ##""method":"diary.create","params":{"title":"산책","body":"#park"}"##,
            ##""method":"settings.set","params":{"themeColor":"#112233"}"##,
        ]
        for (index, call) in calls.enumerated() {
            try client.send(#"{"jsonrpc":"2.0","# + call + #","id":\#(index)}"# + "\n")
            #expect(await client.readLine()?.contains(#""result""#) == true)
        }
        var topics: [String] = []
        for _ in calls { topics.append(try params(await watcher.readLine())["topic"] as? String ?? "") }
        #expect(topics == ["pet.created", "album.created", "entry.created", "settings.updated"])
        await server.stop()
    }

    @Test func subscriberReceivesMatchingEventsInOrder() async throws {
        let server = try await InProcessServer()
        let watcher = try server.lineClient()
        try watcher.send(
            #"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["user.walk.*","photo.imported"]},"id":"#
                + #"1}"#
                + "\n")
        #expect(
            await watcher.readLine()
                == #"{"jsonrpc":"2.0","result":{"missed":false,"replayed":0,"seq":0,"subscription":1},"id":1}"#)
        server.core.events.publish("photo.imported", data: ["id": "p1"] as JSONValue)
        server.core.events.publish("entry.created", data: ["id": "e1"] as JSONValue)
        let emitter = try server.lineClient()
        try emitter.send(
            #"{"jsonrpc":"2.0","method":"events.emit","params":{"topic":"user.walk.started","data":{"minutes":20}},"#
                + #""id":1}"#
                + "\n")
        #expect(await emitter.readLine() == #"{"jsonrpc":"2.0","result":{"seq":3},"id":1}"#)

        let first = try decode(await watcher.readLine())
        #expect(first["method"] as? String == "event")
        let firstParams = try #require(first["params"] as? [String: Any])
        #expect(firstParams["seq"] as? Int == 1)
        #expect(firstParams["topic"] as? String == "photo.imported")
        #expect((firstParams["data"] as? [String: String]) == ["id": "p1"])
        let second = try params(await watcher.readLine())
        #expect(second["seq"] as? Int == 3)
        #expect(second["topic"] as? String == "user.walk.started")
        #expect((second["data"] as? [String: Int]) == ["minutes": 20])
        await server.stop()
    }

    /// The seq `events.emit` answers is its own event's, however many other events are published at the time.
    @Test func theSeqEmitAnswersIsItsOwnEventsWhileOthersArePublished() async throws {
        let server = try await InProcessServer()
        let watcher = try server.lineClient()
        try watcher.send(#"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["user.*"]},"id":1}"# + "\n")
        _ = await watcher.readLine()
        let (clients, each) = (4, 50)
        let busy = Task.detached {
            for index in 0..<10_000 where !Task.isCancelled {
                server.core.events.publish("other.noise", data: ["n": .int(index)] as JSONValue)
            }
        }
        let answered = try await withThrowingTaskGroup(of: [(seq: Int, mark: String)].self) { group in
            for client in 0..<clients {
                let connection = try server.lineClient()
                group.addTask {
                    var answers: [(seq: Int, mark: String)] = []
                    for index in 0..<each {
                        let mark = "\(client)-\(index)"
                        try connection.send(
                            #"{"jsonrpc":"2.0","method":"events.emit","params":{"topic":"user.mark","data":{"mark":""#
                                + mark + #""}},"id":1}"# + "\n")
                        let line = try #require(await connection.readLine())
                        let answer = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                        let result = try #require(answer?["result"] as? [String: Any], "\(line)")
                        answers.append((try #require(result["seq"] as? Int), mark))
                    }
                    return answers
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        busy.cancel()
        var delivered: [Int: String] = [:]
        for _ in 0..<(clients * each) {
            let event = try params(await watcher.readLine())
            delivered[try #require(event["seq"] as? Int)] = (event["data"] as? [String: String])?["mark"]
        }
        for (seq, mark) in answered {
            let event = delivered[seq] ?? "none"
            #expect(delivered[seq] == mark, "emit of \(mark) answered seq \(seq), the event of \(event)")
        }
        await server.stop()
    }

    @Test func sinceReplaysWhatTheBufferHoldsAndSaysWhatWasMissed() async throws {
        let server = try await InProcessServer { $0.limits.eventReplayCapacity = 3 }
        for index in 1...5 { server.core.events.publish("user.n", data: ["i": .int(index)] as JSONValue) }
        let client = try server.lineClient()
        try client.send(
            #"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"],"since":3},"id":1}"# + "\n")
        #expect(
            await client.readLine()
                == #"{"jsonrpc":"2.0","result":{"missed":false,"replayed":2,"seq":5,"subscription":1},"id":1}"#)
        let replayed = try await client.readLines(2).map { try params($0)["seq"] as? Int }
        #expect(replayed == [4, 5])
        try client.send(
            #"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"],"since":0},"id":2}"# + "\n")
        #expect(
            await client.readLine()
                == #"{"jsonrpc":"2.0","result":{"missed":true,"replayed":3,"seq":5,"subscription":2},"id":2}"#)
        #expect(try await client.readLines(3).map { try params($0)["seq"] as? Int } == [3, 4, 5])
        // A seq this core never gave (a client's last one from before the core restarted): all of it is missed.
        try client.send(
            #"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"],"since":900},"id":3}"# + "\n")
        #expect(
            await client.readLine()
                == #"{"jsonrpc":"2.0","result":{"missed":true,"replayed":0,"seq":5,"subscription":3},"id":3}"#)
        await server.stop()
    }

    @Test func unsubscribeStopsDeliveryAndClosingEndsSubscriptions() async throws {
        let server = try await InProcessServer()
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"]},"id":1}"# + "\n")
        _ = await client.readLine()
        try client.send(#"{"jsonrpc":"2.0","method":"events.unsubscribe","params":{"subscription":1},"id":2}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":{"unsubscribed":1},"id":2}"#)
        server.core.events.publish("user.x", data: JSONValue.null)
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":3}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":3}"#)

        do {
            let other = try server.lineClient()
            try other.send(#"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"]},"id":1}"# + "\n")
            _ = await other.readLine()
            #expect(server.core.events.subscriberCount == 1)
        }
        try await waitUntil { server.core.events.subscriberCount == 0 }
        await server.stop()
    }

    @Test(arguments: CoreTestMode.allCases)
    func badTopicsAreInvalidParams(_ mode: CoreTestMode) async throws {
        try await withCore(mode) { core in
            let client = try await core.lineClient()
            try client.send(#"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":[]},"id":1}"# + "\n")
            #expect(await client.readLine()?.contains(#""code":-32602"#) == true)
            try client.send(
                #"{"jsonrpc":"2.0","method":"events.emit","params":{"topic":"photo.imported"},"id":2}"# + "\n")
            let line = try #require(await client.readLine())
            #expect(line.contains(#""code":-32602"#) && line.contains(#""field":"topic""#))
        }
    }

    @Test func subscriberThatDoesNotReadIsDroppedWithANotice() async throws {
        let server = try await InProcessServer { $0.limits.connection.maximumOutgoingBytes = 64 * 1024 }
        let client = try server.lineClient()
        try client.send(#"{"jsonrpc":"2.0","method":"events.subscribe","params":{"topics":["*"]},"id":1}"# + "\n")
        _ = await client.readLine()
        let payload = JSONValue.string(String(repeating: "z", count: 8192))
        for _ in 0..<2000 {
            server.core.events.publish("user.big", data: ["pad": payload] as JSONValue)
            if server.core.events.subscriberCount == 0 { break }
            await Task.yield()
        }
        try await waitUntil { server.core.events.subscriberCount == 0 }
        // Reading now: some events, then the final notice, and the connection still answers.
        var sawNotice = false
        while let line = await client.readLine(timeout: 2) {
            if line.contains(#""method":"events.dropped""#) {
                sawNotice = true
                break
            }
        }
        #expect(sawNotice)
        try client.send(#"{"jsonrpc":"2.0","method":"system.ping","id":9}"# + "\n")
        #expect(await client.readLine() == #"{"jsonrpc":"2.0","result":"pong","id":9}"#)
        await server.stop()
    }
}
