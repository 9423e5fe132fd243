/// Why the SDK refused something a plugin asked of it: a call to the core before `init`, an event topic
/// the core would drop, an option of the wrong type.
public struct PluginError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can match: `catch PluginError.notInitialized`.
    public struct Code: Hashable, Sendable {
        private enum Value { case notInitialized, notRunning, invalidTopic, invalidOption }
        private let value: Value
        /// The core has not sent `init` yet, so there is no socket to call it on.
        public static let notInitialized = Code(value: .notInitialized)
        /// The plugin is not serving (``Plugin/run()`` has not started or has returned).
        public static let notRunning = Code(value: .notRunning)
        /// An event topic that is not `noun.verb`, or whose noun is one of the core's own.
        public static let invalidTopic = Code(value: .invalidTopic)
        /// An option missing from the manifest, or given a value of the wrong type.
        public static let invalidOption = Code(value: .invalidOption)

        /// Matches a thrown error against a code.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PluginError)?.code == code
        }
    }

    /// What went wrong.
    public var code: Code
    /// A sentence a person can act on.
    public var message: String

    /// Makes an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
