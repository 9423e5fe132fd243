import Testing

@testable import JSONRPC

/// The table of calls waiting on the peer.
struct PendingCallsTests {
    @Test func aResponseResolvesItsCallOnce() {
        var calls = PendingCalls<String>()
        #expect(calls.add("first", for: 1) == true)
        #expect(calls.add("second", for: 2) == true)
        #expect(calls.resolve(.number(2)) == "second")
        #expect(calls.resolve(.number(2)) == nil)
        #expect(calls.resolve(.string("1")) == nil, "an id is matched by its JSON token")
        #expect(calls.resolve(RPCID(rawJSON: "1.0")) == nil, "an id is matched by its JSON token")
        #expect(calls.count == 1)
        #expect(calls.resolve(RPCID(rawJSON: "1")) == "first")
    }

    @Test func callsStartedOutOfTheirIDsOrderAreEachResolved() {
        // Given calls numbered on several threads, which reach the connection's loop out of order
        var calls = PendingCalls<Int>()
        let numbers = (1...200).map { $0 % 7 == 0 ? $0 + 3 : $0 % 7 == 3 ? $0 - 3 : $0 }
        for number in numbers { _ = calls.add(number, for: number) }
        #expect(calls.count == Set(numbers).count)
        // Then each answer finds its own call, in any order
        for number in Set(numbers).shuffled() { #expect(calls.resolve(.number(number)) == number) }
        #expect(calls.count == 0)
    }

    @Test func closingReturnsTheWaitersAndRefusesNewCalls() {
        var calls = PendingCalls<Int>()
        _ = calls.add(1, for: 1)
        _ = calls.add(2, for: 2)
        #expect(calls.close().sorted() == [1, 2])
        #expect(calls.isClosed)
        #expect(calls.add(3, for: 3) == false)
        #expect(calls.count == 0)
    }
}
