import NIOConcurrencyHelpers
import Synchronization

/// The methods a server answers, by name. Built-in handler groups and plugins register through the same
/// calls. One registry is made at start-up and passed to whatever needs it; there is no global one.
public final class MethodRegistry: Sendable {
    private let methods = NIOLockedValueBox<[String: RegisteredMethod]>([:])
    /// The bodies alone, for the look-up of every call (a whole ``RegisteredMethod`` is costly to copy).
    private let bodies = NIOLockedValueBox<[String: RegisteredMethod.Body]>([:])
    /// Counts changes, so a connection may keep the body it looked up last while nothing changed.
    private let changes = Atomic<UInt64>(0)
    /// What explains a call to a name no method has (``explainMissingMethods(with:)``).
    private let missingExplanation = NIOLockedValueBox<(@Sendable (String) -> RPCError?)?>(nil)

    public init() {}

    /// Lets `explain` answer calls to names no registered method has: the plugin host says that a method its
    /// plugin declared cannot answer now (-32004) instead of -32601. When `explain` returns nil, the call is
    /// answered -32601. A later call replaces an earlier one.
    public func explainMissingMethods(with explain: @escaping @Sendable (_ method: String) -> RPCError?) {
        missingExplanation.withLockedValue { $0 = explain }
    }

    /// The error a call to `name`, which no method has, is answered with: the explanation's, else -32601.
    public func missingMethodError(_ name: String) -> RPCError {
        missingExplanation.withLockedValue { $0 }?(name) ?? .methodNotFound(name)
    }

    /// Adds a method.
    /// - Throws: ``RPCError`` -32002 when the name is taken, or -32602 when it begins with the reserved `rpc.`
    ///   and `allowReservedName` is false.
    public func register(_ method: RegisteredMethod, allowReservedName: Bool = false) throws {
        if method.name.hasPrefix("rpc.") && !allowReservedName {
            throw RPCError.invalidParams(
                "Method names beginning with 'rpc.' are reserved for the protocol.", field: "name")
        }
        try methods.withLockedValue { methods in
            if let existing = methods[method.name] {
                throw RPCError(
                    code: .conflict,
                    message: "Method '\(method.name)' is already registered by \(existing.provider).",
                    data: ["method": .string(method.name), "provider": .string(existing.provider)]
                )
            }
            methods[method.name] = method
            bodies.withLockedValue { $0[method.name] = method.body }
            changes.add(1, ordering: .releasing)
        }
    }

    /// Adds a typed asynchronous handler under its method's name.
    public func register<H: RPCHandler>(_ handler: H) throws {
        try register(RegisteredMethod(handler), allowReservedName: H.Method.name.hasPrefix("rpc."))
    }

    /// Adds a typed immediate handler under its method's name.
    public func register<H: RPCImmediateHandler>(_ handler: H) throws {
        try register(RegisteredMethod(handler), allowReservedName: H.Method.name.hasPrefix("rpc."))
    }

    /// Removes every method registered by `provider` (a plugin that stopped).
    public func unregisterAll(providedBy provider: String) {
        methods.withLockedValue { methods in
            methods = methods.filter { $0.value.provider != provider }
            bodies.withLockedValue { bodies in bodies = methods.mapValues(\.body) }
            changes.add(1, ordering: .releasing)
        }
    }

    /// The method named `name`, if any.
    public func method(named name: String) -> RegisteredMethod? {
        methods.withLockedValue { $0[name] }
    }

    /// How the method named `name` runs, if there is one: the look-up of every call, which copies nothing else.
    func body(named name: String) -> RegisteredMethod.Body? {
        bodies.withLockedValue { $0[name] }
    }

    /// The registry's version: it changes whenever a method is added or removed.
    var version: UInt64 { changes.load(ordering: .acquiring) }

    /// Every registered method, sorted by name.
    public var all: [RegisteredMethod] {
        methods.withLockedValue { Array($0.values) }.sorted { $0.name < $1.name }
    }
}
