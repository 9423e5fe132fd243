import Logging
import Testing

@testable import JSONRPC

/// A method that asks to run on the connection's event loop.
private struct LoopEcho: RPCMethod {
    static let name = "test.loopEcho"
    static let summary = "Answers with its text, on the event loop"
    static let prefersEventLoop = true

    struct Params: Decodable, Sendable { var text: String }
    typealias Result = String

    func handle(_ params: Params, context: RPCContext) async throws -> String { "loop " + params.text }
}

/// The choice of how a request runs, as a value: from the body the registry holds and the request's id.
struct DispatchPathTests {
    typealias Path = RPCConnectionHandler.DispatchPath

    /// A registered body of each kind, each answering with its own name so the path can be seen to carry it.
    enum Registered: String, CaseIterable, Sendable {
        case missing, immediate, task, taskOnEventLoop, deferred

        var body: RegisteredMethod.Body? {
            let answer = RawJSON(unchecked: "\"\(rawValue)\"")
            switch self {
            case .missing: return nil
            case .immediate: return .immediate { _, _ in answer }
            case .task: return .task { _, _ in answer }
            case .taskOnEventLoop: return .taskOnEventLoop { _, _ in answer }
            case .deferred: return .deferred { _, _, responder in responder.answer(.success(answer)) }
            }
        }
    }

    /// Every body, for a request and for a notification, with the path written out by hand.
    static let cases: [(Registered, RPCID?, Path.Kind)] = [
        (.missing, .number(7), .methodNotFound(id: .number(7))),
        (.missing, RPCID(rawJSON: #""a""#), .methodNotFound(id: RPCID(rawJSON: #""a""#))),
        (.missing, nil, .unhandledNotification),
        (.immediate, .number(7), .immediate),
        (.immediate, nil, .immediate),
        (.task, .number(7), .task(on: .globalPool)),
        (.task, nil, .task(on: .globalPool)),
        (.taskOnEventLoop, .number(7), .task(on: .eventLoop)),
        (.taskOnEventLoop, nil, .task(on: .eventLoop)),
        (.deferred, .number(7), .deferred),
        (.deferred, nil, .deferred),
    ]

    @Test(arguments: cases)
    func pathFollowsTheBodyAndTheID(registered: Registered, id: RPCID?, expected: Path.Kind) {
        #expect(Path(body: registered.body, id: id).kind == expected)
    }

    @Test func aNotFoundRequestIsAnsweredUnderItsOwnID() {
        let id = RPCID(rawJSON: #""req-1""#)
        guard case .methodNotFound(let answered) = Path(body: nil, id: id) else {
            Issue.record("expected methodNotFound")
            return
        }
        #expect(answered == id)
        #expect(answered != .null)
    }

    /// The path runs the body it was made from, not another one of the same kind.
    @Test func thePathCarriesTheRegisteredBody() async throws {
        let context = Self.context()
        switch Path(body: Registered.immediate.body, id: .number(1)) {
        case .immediate(let body): #expect(try body(nil, context).text == #""immediate""#)
        default: Issue.record("expected immediate")
        }
        switch Path(body: Registered.taskOnEventLoop.body, id: .number(1)) {
        case .task(let body, _): #expect(try await body(nil, context).text == #""taskOnEventLoop""#)
        default: Issue.record("expected a task")
        }
        switch Path(body: Registered.task.body, id: .number(1)) {
        case .task(let body, _): #expect(try await body(nil, context).text == #""task""#)
        default: Issue.record("expected a task")
        }
    }

    /// From a typed handler through the registry: `prefersEventLoop` chooses the loop, immediate handlers run inline.
    @Test func typedHandlersTakeThePathTheirTypeAsksFor() throws {
        let registry = MethodRegistry()
        try registry.register(LoopEcho())
        try registry.register(Greet())
        try registry.register(Subtract())
        #expect(Path(body: registry.body(named: LoopEcho.name), id: .number(1)).kind == .task(on: .eventLoop))
        #expect(Path(body: registry.body(named: Greet.name), id: .number(1)).kind == .task(on: .globalPool))
        #expect(Path(body: registry.body(named: Subtract.name), id: .number(1)).kind == .immediate)
        #expect(Path(body: registry.body(named: "no.such"), id: nil).kind == .unhandledNotification)
    }

    private static func context() -> RPCContext {
        RPCContext(
            requestID: .number(1), method: "test", connection: RecordingConnection(), rawParams: nil,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }
}
