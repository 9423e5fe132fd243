public import JSONRPC

/// `sounds.stop {}` → `{stopped: n}`.
public enum SoundsStop: APIMethod {
    public static let name = "sounds.stop"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Stops every sound the core is playing (sounds.play and shutter.fire) between two periods, and says how \
        many were stopped.
        """
    public static let paramsSchema: JSONSchema = .object([:])
    public static let resultSchema: JSONSchema = .object(["stopped": .integer()])

    /// None.
    public typealias Params = NoParams

    /// `{stopped: n}`: how many plays were stopped.
    public struct Result: Codable, Sendable, Hashable {
        /// How many plays were stopped; 0 when nothing was playing.
        public var stopped: Int

        /// Makes the answer.
        public init(stopped: Int) { self.stopped = stopped }
    }
}
