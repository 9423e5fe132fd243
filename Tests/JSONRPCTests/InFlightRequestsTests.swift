import Testing

@testable import JSONRPC

/// The table of running requests: serials, ids, cancellation, with real tasks and no channel.
struct InFlightRequestsTests {
    @Test func aFinishedRequestIsAnsweredUnderItsID() {
        var table = InFlightRequests()
        let serial = table.add(id: .number(7), batch: nil)
        #expect(table.count == 1)
        let entry = table.finish(serial: serial)
        #expect(entry?.id == .number(7))
        #expect(table.isEmpty)
        #expect(table.cancel(id: .number(7)) == nil, "the id is gone with it")
    }

    @Test func cancelFindsTheRequestByIDAndItsLaterEndIsNotAnsweredAgain() async {
        var table = InFlightRequests()
        let serial = table.add(id: .string("a"), batch: nil)
        let task = Task { _ = try? await Task.sleep(for: .seconds(60)) }
        table.attach(task, to: serial)
        let cancelled = table.cancel(id: .string("a"))
        cancelled?.task?.cancel()
        #expect(cancelled?.id == .string("a"))
        await task.value
        #expect(task.isCancelled)
        #expect(table.finish(serial: serial) == nil)
        #expect(table.isEmpty)
    }

    @Test func aReusedIDBelongsToTheNewerRequestAndTheOlderIsStillAnswered() {
        var table = InFlightRequests()
        let first = table.add(id: .number(1), batch: nil)
        let second = table.add(id: .number(1), batch: nil)
        #expect(first != second)
        #expect(table.finish(serial: first)?.id == .number(1))
        // The id still finds the second request.
        #expect(table.cancel(id: .number(1)) != nil)
        #expect(table.finish(serial: second) == nil)
    }

    @Test func cancelReachesTheNewestRequestWithTheIDThenTheOlder() {
        var table = InFlightRequests()
        let first = table.add(id: .string("x"), batch: nil)
        let other = table.add(id: .string("y"), batch: nil)
        let second = table.add(id: .string("x"), batch: nil)
        #expect(table.cancel(id: .string("x")) != nil)
        #expect(table.finish(serial: second) == nil, "the newer one was cancelled")
        #expect(table.cancel(id: .string("x")) != nil)
        #expect(table.finish(serial: first) == nil, "then the older one")
        #expect(table.cancel(id: .string("x")) == nil)
        #expect(table.finish(serial: other)?.id == .string("y"))
        #expect(table.isEmpty)
    }

    @Test func notificationsRunWithoutAnID() {
        var table = InFlightRequests()
        let serial = table.add(id: nil, batch: nil)
        #expect(table.count == 1)
        #expect(table.finish(serial: serial).map { $0.id == nil } == true)
    }

    @Test func removeAllReturnsEveryTaskToCancel() {
        var table = InFlightRequests()
        for id in 0..<3 {
            let serial = table.add(id: .number(id), batch: nil)
            table.attach(Task {}, to: serial)
        }
        let entries = table.removeAll()
        #expect(entries.count == 3)
        #expect(entries.allSatisfy { $0.task != nil })
        #expect(table.isEmpty)
        #expect(table.cancel(id: .number(0)) == nil)
    }

    @Test func aLongRequestKeepsItsPlaceWhileManyOthersComeAndGo() {
        // Given one request that runs throughout and 10,007 that each end out of order with their neighbours
        var table = InFlightRequests()
        let long = table.add(id: .string("long"), batch: nil)
        var running: [(serial: UInt64, id: Int)] = []
        for id in 0..<10_007 {
            running.append((table.add(id: .number(id), batch: nil), id))
            if running.count == 16 {
                // Then each is found under its own serial, whatever the holes before it
                for (serial, id) in running.reversed() where id % 3 != 0 {
                    #expect(table.finish(serial: serial)?.id == .number(id))
                }
                for (_, id) in running where id % 3 == 0 {
                    #expect(table.cancel(id: .number(id))?.id == .number(id))
                }
                running.removeAll()
            }
        }
        #expect(table.count == 1 + 7)
        for (serial, id) in running { #expect(table.finish(serial: serial)?.id == .number(id)) }
        #expect(table.finish(serial: running[0].serial) == nil, "a finished request is gone")
        #expect(table.finish(serial: long)?.id == .string("long"))
        #expect(table.isEmpty)
    }
}
