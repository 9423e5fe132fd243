import Foundation
import JSONRPC
import NIOPosix
import NIOConcurrencyHelpers

/// Methods the tests register next to the built-in ones, from the JSON-RPC 2.0 specification's examples
/// and for concurrency, cancellation and backpressure.
enum TestMethods {
    struct Subtract: RPCMethod {
        static let name = "subtract"
        static let summary = "minuend - subtrahend"
        static let positionalParameters: [String]? = ["minuend", "subtrahend"]
        typealias Result = Int
        struct Params: Decodable, Sendable { var minuend: Int; var subtrahend: Int }
        func handle(_ params: Params, context: RPCContext) async throws -> Int { params.minuend - params.subtrahend }
    }

    struct Sum: RPCImmediateMethod {
        static let name = "sum"
        static let summary = "a + b + c"
        static let positionalParameters: [String]? = ["a", "b", "c"]
        typealias Result = Int
        struct Params: Decodable, Sendable { var a: Int; var b: Int; var c: Int }
        func handle(_ params: Params, context: RPCContext) -> Int { params.a + params.b + params.c }
    }

    /// Accepts anything (for the spec's notification examples).
    struct Update: RPCImmediateMethod {
        static let name = "update"
        static let summary = "Accepts any params"
        static let positionalParameters: [String]? = ["a", "b", "c", "d", "e"]
        typealias Result = Bool
        struct Params: Decodable, Sendable {}
        func handle(_ params: Params, context: RPCContext) -> Bool { true }
    }

    struct NotifyHello: RPCImmediateMethod {
        static let name = "notify_hello"
        static let summary = "Accepts one number"
        static let positionalParameters: [String]? = ["n"]
        typealias Result = Bool
        struct Params: Decodable, Sendable { var n: Int }
        func handle(_ params: Params, context: RPCContext) -> Bool { true }
    }

    struct GetData: RPCImmediateMethod {
        static let name = "get_data"
        static let summary = "Returns [\"hello\", 5]"
        typealias Result = JSONValue
        func handle(_ params: NoParams, context: RPCContext) -> JSONValue { ["hello", 5] }
    }

    /// Sleeps `ms` milliseconds (cancellably), then answers `ms`; records cancellations.
    struct Sleep: RPCMethod {
        static let name = "test.sleep"
        static let summary = "Sleeps"
        typealias Result = Int
        struct Params: Decodable, Sendable { var ms: Int }
        let cancelled: Counter
        let finished: Counter
        var started = Counter()
        func handle(_ params: Params, context: RPCContext) async throws -> Int {
            started.increment()
            do {
                try await Task.sleep(for: .milliseconds(params.ms))
            } catch {
                cancelled.increment()
                throw error
            }
            finished.increment()
            return params.ms
        }
    }

    /// Reports whether it runs on an event loop thread, before and after sleeping `ms` (so it can be
    /// cancelled meanwhile); it prefers the event loop.
    struct OnLoop: RPCMethod {
        static let name = "test.onLoop"
        static let summary = "Where a task that prefers the event loop runs"
        static let prefersEventLoop = true
        typealias Result = [Bool]
        struct Params: Decodable, Sendable { var ms: Int }
        func handle(_ params: Params, context: RPCContext) async throws -> [Bool] {
            try await TestMethods.onEventLoop(sleeping: params.ms)
        }
    }

    /// The same on Swift's global pool, as methods run by default.
    struct OffLoop: RPCMethod {
        static let name = "test.offLoop"
        static let summary = "Where a task that does not prefer the event loop runs"
        typealias Result = [Bool]
        struct Params: Decodable, Sendable { var ms: Int }
        func handle(_ params: Params, context: RPCContext) async throws -> [Bool] {
            try await TestMethods.onEventLoop(sleeping: params.ms)
        }
    }

    static func onEventLoop(sleeping ms: Int) async throws -> [Bool] {
        let before = MultiThreadedEventLoopGroup.currentEventLoop != nil
        try await Task.sleep(for: .milliseconds(ms))
        return [before, MultiThreadedEventLoopGroup.currentEventLoop != nil]
    }

    /// Answers a string of `bytes` bytes; counts how often it ran.
    struct Blob: RPCImmediateMethod {
        static let name = "test.blob"
        static let summary = "A big answer"
        typealias Result = String
        struct Params: Decodable, Sendable { var bytes: Int }
        let calls: Counter
        func handle(_ params: Params, context: RPCContext) -> String {
            calls.increment()
            return String(repeating: "x", count: params.bytes)
        }
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = NIOLockedValueBox(0)
    func increment() { value.withLockedValue { $0 += 1 } }
    var count: Int { value.withLockedValue { $0 } }
}
