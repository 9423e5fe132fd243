/// A request id exactly as the client wrote it: a string, a number or null.
///
/// The raw token is kept, so `1.0`, `1e3` and integers beyond 64 bits are echoed unchanged.
public struct RPCID: Hashable, Sendable, CustomStringConvertible {
    /// The id's JSON token, for example `7`, `"abc"` or `null`.
    public let rawJSON: String

    /// An id from its raw JSON token; the caller promises it is a valid string, number or null token.
    public init(rawJSON: String) { self.rawJSON = rawJSON }

    public static func number(_ value: Int) -> RPCID { RPCID(rawJSON: String(value)) }
    public static func string(_ value: String) -> RPCID { RPCID(rawJSON: JSONText.quoted(value)) }
    public static let null = RPCID(rawJSON: "null")

    public var description: String { rawJSON }
}
