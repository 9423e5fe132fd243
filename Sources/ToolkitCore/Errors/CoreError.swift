/// What went wrong in the daemon itself: configuration, the socket, the data directory.
public struct CoreError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String { case configuration, socketInUse, socketUnusable, dataDirectory }
        private let value: Value
        public static let configuration = Code(value: .configuration)
        public static let socketInUse = Code(value: .socketInUse)
        public static let socketUnusable = Code(value: .socketUnusable)
        public static let dataDirectory = Code(value: .dataDirectory)
        public var description: String { value.rawValue }

        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? CoreError)?.code == code
        }
    }

    public var code: Code
    /// A sentence a person can act on.
    public var message: String
    public var underlying: (any Error)?
    public var location: String

    public init(
        _ code: Code, _ message: String, underlying: (any Error)? = nil, file: String = #fileID, line: Int = #line
    ) {
        self.code = code
        self.message = message
        self.underlying = underlying
        self.location = "\(file):\(line)"
    }

    public var description: String {
        underlying.map { "\(message) (\($0))" } ?? message
    }
}
