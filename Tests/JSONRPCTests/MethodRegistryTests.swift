import Logging
import NIOCore
import NIOConcurrencyHelpers
import Testing

@testable import JSONRPC

/// An in-process connection: it records the notifications handlers send.
final class RecordingConnection: RPCConnection {
    let connectionID = 1
    let credentials: PeerCredentials? = nil
    let sent = NIOLockedValueBox<[RPCRequest]>([])

    func send(notification: RPCRequest, droppable: Bool, onOverflow: (@Sendable () -> Void)?) {
        sent.withLockedValue { $0.append(notification) }
    }

    func cancelRequest(_ id: RPCID) -> Bool { false }
    func onClose(_ action: @escaping @Sendable () -> Void) {}
}

struct Subtract: RPCImmediateMethod {
    static let name = "math.subtract"
    static let summary = "minuend - subtrahend"
    static let positionalParameters: [String]? = ["minuend", "subtrahend"]
    typealias Result = Int

    struct Params: Decodable, Sendable {
        var minuend: Int
        var subtrahend: Int
    }

    func handle(_ params: Params, context: RPCContext) -> Int { params.minuend - params.subtrahend }
}

struct Greet: RPCMethod {
    static let name = "test.greet"
    static let summary = "Greets"

    struct Params: Decodable, Sendable {
        struct Pet: Decodable, Sendable { var name: String; var tags: [String]? }
        var pet: Pet
        var loud: Bool?
    }

    struct Result: Encodable, Sendable { var greeting: String }

    func handle(_ params: Params, context: RPCContext) async throws -> Result {
        Result(greeting: "hello \(params.pet.name)" + (params.loud == true ? "!" : ""))
    }
}

struct Failing: RPCMethod {
    struct Oops: Error {}
    struct Convertible: RPCErrorConvertible {
        var rpcError: RPCError { RPCError(code: .notFound, message: "No pet 7.", data: ["kind": "pet", "id": "7"]) }
    }

    static let name = "test.fail"
    static let summary = "Fails as asked"
    typealias Result = String

    struct Params: Decodable, Sendable { var how: String }

    func handle(_ params: Params, context: RPCContext) async throws -> String {
        switch params.how {
        case "bug": throw Oops()
        case "cancel": throw CancellationError()
        case "domain": throw Convertible()
        default: throw RPCError(code: .conflict, message: "as asked")
        }
    }
}

struct MethodRegistryTests {
    let registry = MethodRegistry()
    let connection = RecordingConnection()

    init() throws {
        try registry.register(Subtract())
        try registry.register(Greet())
        try registry.register(Failing())
    }

    private func call(_ method: String, _ params: String?) async -> Result<String, RPCError> {
        guard let registered = registry.method(named: method) else { return .failure(.methodNotFound(method)) }
        let raw = params.map(RawJSON.init(unchecked:))
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let context = RPCContext(
            requestID: .number(1), method: method, connection: connection, rawParams: raw, logger: logger)
        do {
            switch registered.body {
            case .immediate(let body): return .success(try body(raw, context).text)
            case .task(let body), .taskOnEventLoop(let body): return .success(try await body(raw, context).text)
            case .deferred: return .failure(.internalError)
            }
        } catch {
            return .failure(RPCError.from(error, logger: logger))
        }
    }

    @Test func namedAndPositionalParams() async {
        #expect(await call("math.subtract", #"{"minuend":42,"subtrahend":23}"#) == .success("19"))
        #expect(await call("math.subtract", "[42,23]") == .success("19"))
        #expect(await call("math.subtract", "[23,42]") == .success("-19"))
    }

    @Test func tooManyPositionalParamsIsInvalidParams() async throws {
        let error = try #require(await call("math.subtract", "[1,2,3]").failure)
        #expect(error.code == .invalidParams)
        #expect(error.data?.text == #"{"limit":2,"length":3}"#)
    }

    @Test func positionalParamsRefusedWhereNotDeclared() async throws {
        let error = try #require(await call("test.greet", "[1]").failure)
        #expect(error.code == .invalidParams)
    }

    @Test func nestedStructuresEncodeAndDecode() async {
        #expect(
            await call("test.greet", #"{"pet":{"name":"보리"},"loud":true}"#) == .success(#"{"greeting":"hello 보리!"}"#))
    }

    struct ParamsFailure: Sendable {
        var params: String?
        var field: String
        var reason: String
    }

    @Test(arguments: [
        ParamsFailure(params: nil, field: "pet", reason: "missing"),
        ParamsFailure(params: #"{"pet":{}}"#, field: "pet.name", reason: "missing"),
        ParamsFailure(params: #"{"pet":{"name":5}}"#, field: "pet.name", reason: "type"),
        ParamsFailure(params: #"{"pet":{"name":null}}"#, field: "pet.name", reason: "null"),
        ParamsFailure(params: #"{"pet":{"name":"a","tags":["x",3]}}"#, field: "pet.tags[1]", reason: "type"),
        ParamsFailure(params: #"{"pet":{"name":"a"},"loud":"yes"}"#, field: "loud", reason: "type"),
    ])
    func wrongParamsNameTheField(_ failure: ParamsFailure) async throws {
        let error = try #require(await call("test.greet", failure.params).failure)
        #expect(error.code == .invalidParams)
        let data = try #require(error.data).decode([String: String].self)
        #expect(data["field"] == failure.field)
        #expect(data["reason"] == failure.reason)
        #expect(error.message.contains(failure.field))
    }

    @Test func errorsMapAtOneBoundary() async {
        #expect(await call("test.fail", #"{"how":"rpc"}"#).failure?.code == .conflict)
        #expect(await call("test.fail", #"{"how":"cancel"}"#).failure == .cancelled)
        #expect(await call("test.fail", #"{"how":"bug"}"#).failure == .internalError)
        let domain = await call("test.fail", #"{"how":"domain"}"#).failure
        #expect(domain?.code == .notFound)
        #expect(domain?.data?.text == #"{"kind":"pet","id":"7"}"#)
    }

    @Test func duplicateAndReservedNamesAreRefused() throws {
        #expect(throws: RPCError.self) { try registry.register(Subtract()) }
        let reserved = RegisteredMethod(name: "rpc.mine", summary: "", body: .immediate { _, _ in .null })
        #expect(throws: RPCError.self) { try registry.register(reserved) }
        let plugin = RegisteredMethod(
            name: "plugin.echo", summary: "", provider: "echo", body: .task { raw, _ in raw ?? .null })
        try registry.register(plugin)
        #expect(registry.method(named: "plugin.echo")?.provider == "echo")
        registry.unregisterAll(providedBy: "echo")
        #expect(registry.method(named: "plugin.echo") == nil)
    }

    @Test func rawHandlersPassParamsThroughUnchanged() async throws {
        try registry.register(RegisteredMethod(name: "raw.echo", summary: "", body: .task { raw, _ in raw ?? .null }))
        let params = #"{ "big" : 123456789012345678901234567890, "f": 1.0 }"#
        #expect(await call("raw.echo", params) == .success(params))
    }

    @Test func progressIsSentOnlyWhenAsked() async throws {
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        // The key written with escapes counts too; the word elsewhere (a value, a longer key, nested) does not.
        let table = [
            (#"{"progress":true}"#, 1), (#"{"progress":false}"#, 0), ("{}", 0), (#"{"\u0070rogress":true}"#, 1),
            (#"{"a":1, "progr\u0065ss" : true}"#, 1), (#"{"note":"progress","progress ":true}"#, 0),
            (#"{"x":{"progress":true}}"#, 0), (#"{"note":"a\\b"}"#, 0),
        ]
        for (params, expected) in table {
            let connection = RecordingConnection()
            let context = RPCContext(
                requestID: .string("p"), method: "m", connection: connection, rawParams: RawJSON(unchecked: params),
                logger: logger)
            context.progressReporter(unit: "bytes").report(done: 10, total: 10)
            let sent = connection.sent.withLockedValue { $0 }
            #expect(sent.count == expected, "\(params)")
            if let first = sent.first {
                #expect(first.method == "progress")
                #expect(first.params?.text == #"{"id":"p","done":10,"total":10,"unit":"bytes"}"#)
            }
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
