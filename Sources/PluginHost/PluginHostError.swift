/// Why the plugin host could not load, start or use a plugin.
public struct PluginHostError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String {
            case notFound, unsafe, cannotStart, badManifest, badOptions, clash, handshake, unknownPlugin
        }
        private let value: Value
        /// The path names no file.
        public static let notFound = Code(value: .notFound)
        /// Another user could change the file or a folder above it.
        public static let unsafe = Code(value: .unsafe)
        /// fork or exec failed, or the file is not executable.
        public static let cannotStart = Code(value: .cannotStart)
        public static let badManifest = Code(value: .badManifest)
        public static let badOptions = Code(value: .badOptions)
        /// A method name is taken by a built-in or another plugin.
        public static let clash = Code(value: .clash)
        /// `getmanifest` or `init` failed or missed its deadline.
        public static let handshake = Code(value: .handshake)
        /// No loaded plugin has that name.
        public static let unknownPlugin = Code(value: .unknownPlugin)

        public var description: String { value.rawValue }

        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PluginHostError)?.code == code
        }
    }

    public var code: Code
    public var message: String
    /// The plugin's name, or its path before its manifest gives a name, when the error is about one.
    public var plugin: String?

    public init(_ code: Code, _ message: String, plugin: String? = nil) {
        self.code = code
        self.message = message
        self.plugin = plugin
    }

    public var description: String { message }
}
