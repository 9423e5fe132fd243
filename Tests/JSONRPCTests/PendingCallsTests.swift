import Testing

@testable import JSONRPC

/// The table of calls waiting on the peer.
struct PendingCallsTests {
    @Test func aResponseResolvesItsCallOnce() {
        var calls = PendingCalls<String>()
        #expect(calls.add("first", for: .number(1)) == true)
        #expect(calls.add("second", for: .number(2)) == true)
        #expect(calls.resolve(.number(2)) == "second")
        #expect(calls.resolve(.number(2)) == nil)
        #expect(calls.resolve(.string("1")) == nil, "an id is matched by its JSON token")
        #expect(calls.count == 1)
    }

    @Test func closingReturnsTheWaitersAndRefusesNewCalls() {
        var calls = PendingCalls<Int>()
        _ = calls.add(1, for: .number(1))
        _ = calls.add(2, for: .number(2))
        #expect(calls.close().sorted() == [1, 2])
        #expect(calls.isClosed)
        #expect(calls.add(3, for: .number(3)) == false)
        #expect(calls.count == 0)
    }
}
