/// What every method tells about itself, for dispatch and for `rpc.discover`.
public protocol RPCMethodDescribing: Sendable {
    associatedtype Params: Decodable & Sendable = NoParams
    associatedtype Result: Encodable & Sendable

    /// The method's name, `noun.verb`.
    static var name: String { get }
    /// One or two sentences for `rpc.discover` and `--help`.
    static var summary: String { get }
    /// A JSON Schema of the params object.
    static var paramsSchema: JSONSchema { get }
    /// A JSON Schema of the result.
    static var resultSchema: JSONSchema { get }
    /// The names that params given by position (an array) map to, in order; nil accepts only an object.
    static var positionalParameters: [String]? { get }
    /// What the method does to the user's data, for `rpc.discover`; ``RPCMethodEffect/write`` unless it says.
    static var effect: RPCMethodEffect { get }
}

extension RPCMethodDescribing {
    public static var paramsSchema: JSONSchema { .object([:]) }
    public static var resultSchema: JSONSchema { .any }
    public static var positionalParameters: [String]? { nil }
    /// An unknown effect counts as a write.
    public static var effect: RPCMethodEffect { .write }
}

/// A method that describes itself and answers too: the description and the code in one type (a test's
/// method, a protocol method). The toolkit's own methods are described in `ToolkitAPI` and answered by an
/// ``RPCHandler`` each.
public protocol RPCMethod: RPCMethodDescribing, RPCHandler where Method == Self {}

/// A method that describes itself and answers at once (see ``RPCImmediateHandler``).
public protocol RPCImmediateMethod: RPCMethodDescribing, RPCImmediateHandler where Method == Self {}

/// The params of a method that takes none (an empty object, or none at all).
public struct NoParams: Codable, Sendable, Hashable {
    public init() {}
}
