#if canImport(Glibc)
import Glibc
#endif

/// Why `toolkit-web` cannot start or go on: a code, a sentence a person can act on, and the system's reason.
public struct WebError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        private enum Value { case tokenFile, listen, arguments, staging, tls }
        private let value: Value
        /// The token file cannot be read or written.
        public static let tokenFile = Code(value: .tokenFile)
        /// The listen address is refused or cannot be bound.
        public static let listen = Code(value: .listen)
        /// An upload cannot be staged in the data directory.
        public static let staging = Code(value: .staging)
        /// The TLS certificate or key cannot be read, or they do not belong together.
        public static let tls = Code(value: .tls)
        /// The arguments are not what `toolkit web` gives.
        public static let arguments = Code(value: .arguments)

        public static func ~= (code: Code, error: any Error) -> Bool { (error as? WebError)?.code == code }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// An error whose message ends with the system's reason for `errno`.
    init(_ code: Code, _ message: String, errno number: Int32) {
        self.init(code, message + " (" + String(cString: strerror(number)) + ")")
    }

    public var description: String { message }
}
