import JSONRPC
import Synchronization
import Testing
import ToolkitTestSupport

/// Methods that the ends of a pipe serve to each other in the tests.
enum PeerMethods {
    struct Text: Codable, Sendable, Hashable {
        var text: String
    }

    /// `peer.echo {text}` → the text, at once.
    struct Echo: RPCImmediateMethod {
        static let name = "peer.echo"
        static let summary = "Returns the text it was given."
        typealias Params = Text
        typealias Result = String

        func handle(_ params: Text, context: RPCContext) -> String { params.text }
    }

    /// `peer.sleep {ms}` → ms, after sleeping that long; counts the calls it started and those cancelled.
    struct Sleep: RPCMethod {
        static let name = "peer.sleep"
        static let summary = "Sleeps."
        typealias Result = Int
        struct Params: Codable, Sendable { var ms: Int }

        let started: Counter
        let cancelled: Counter

        func handle(_ params: Params, context: RPCContext) async throws -> Int {
            started.increment()
            do {
                try await Task.sleep(for: .milliseconds(params.ms))
            } catch {
                cancelled.increment()
                throw error
            }
            return params.ms
        }
    }

    /// `peer.askBack {text}` → calls `peer.echo` back on the connection it was called on.
    struct AskBack: RPCMethod {
        static let name = "peer.askBack"
        static let summary = "Asks the caller to echo the text, and returns its answer."
        typealias Params = Text
        typealias Result = String

        func handle(_ params: Text, context: RPCContext) async throws -> String {
            let answer = try await context.connection.call("peer.echo", params: RawJSON(encoding: params))
            return "back: " + (try answer.decode(String.self))
        }
    }

    /// `rpc.cancel {id}`, as the core answers it.
    struct Cancel: RPCImmediateMethod {
        static let name = "rpc.cancel"
        static let summary = "Cancels a running request."
        struct Params: Codable, Sendable { var id: Int }
        struct Result: Codable, Sendable { var cancelled: Bool }

        func handle(_ params: Params, context: RPCContext) -> Result {
            Result(cancelled: context.connection.cancelRequest(.number(params.id)))
        }
    }

    /// A registry with every method above.
    static func registry(started: Counter = Counter(), cancelled: Counter = Counter()) throws -> MethodRegistry {
        let registry = MethodRegistry()
        try registry.register(Echo())
        try registry.register(Sleep(started: started, cancelled: cancelled))
        try registry.register(AskBack())
        try registry.register(Cancel())
        return registry
    }
}

/// A count that tasks on any thread can bump.
final class Counter: Sendable {
    private let value = Atomic(0)
    var count: Int { value.load(ordering: .acquiring) }
    func increment() { value.add(1, ordering: .releasing) }
}

/// Polls `condition` every 5 ms for up to `seconds` (times ``TestPatience``). The default is long because the
/// condition often waits on a task of the global pool, which the whole suite shares on two cores: a fresh-machine
/// run once took more than 10 s to start `peer.sleep`. A condition that holds returns at once.
func waitUntil(seconds: Double = 60, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + TestPatience.scaled(.milliseconds(Int(seconds * 1000)))
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("condition not met within \(seconds) s")
            return
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}
