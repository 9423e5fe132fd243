public import JSONRPC

/// `system.gc` → what the maintenance pass removed: temp files left by a crash, and blobs nothing refers to.
public enum SystemGC: APIMethod {
    public static let name = "system.gc"
    public static let effect: RPCMethodEffect = .write
    public static let summary = """
        Runs the maintenance pass now (it also runs at start-up): removes temp files that an interrupted import \
        left, and media files no record refers to.
        """
    public static let paramsSchema: JSONSchema = .object([:])
    public static let resultSchema: JSONSchema = .object([
        "temporaries": .integer(), "blobs": .integer(), "bytes": .integer(),
    ])

    /// None.
    public typealias Params = NoParams

    /// What `system.gc` answers.
    public struct Result: Codable, Sendable, Hashable {
        /// Temp files an interrupted import left.
        public var temporaries: Int
        /// Media files no record referred to.
        public var blobs: Int
        /// The bytes both freed.
        public var bytes: Int64

        /// Makes the answer.
        public init(temporaries: Int, blobs: Int, bytes: Int64) {
            self.temporaries = temporaries
            self.blobs = blobs
            self.bytes = bytes
        }
    }
}
