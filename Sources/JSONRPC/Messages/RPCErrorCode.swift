/// A JSON-RPC error code: the protocol's own (-32700 to -32603) and the toolkit's (-32001 to -32007).
public struct RPCErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let parseError = RPCErrorCode(rawValue: -32700)
    public static let invalidRequest = RPCErrorCode(rawValue: -32600)
    public static let methodNotFound = RPCErrorCode(rawValue: -32601)
    public static let invalidParams = RPCErrorCode(rawValue: -32602)
    public static let internalError = RPCErrorCode(rawValue: -32603)
    public static let notFound = RPCErrorCode(rawValue: -32001)
    public static let conflict = RPCErrorCode(rawValue: -32002)
    public static let permissionDenied = RPCErrorCode(rawValue: -32003)
    public static let pluginUnavailable = RPCErrorCode(rawValue: -32004)
    public static let cancelled = RPCErrorCode(rawValue: -32005)
    public static let deviceError = RPCErrorCode(rawValue: -32006)
    public static let badArchive = RPCErrorCode(rawValue: -32007)

    public var description: String { String(rawValue) }

    /// Matches errors by code: `catch RPCErrorCode.methodNotFound`.
    public static func ~= (code: RPCErrorCode, error: any Error) -> Bool {
        (error as? RPCError)?.code == code
    }
}
