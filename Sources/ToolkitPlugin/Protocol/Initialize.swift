public import JSONRPC

/// `init {"protocol": 1, "name", "socket", "dataDir", "options"}` → `{}`, or `{"disable": reason}`: the
/// core's second request, after ``GetManifest``.
public enum Initialize: RPCMethodDescribing {
    public static let name = "init"
    public static let summary = "Gives the plugin its name, the core's socket, its data directory and its options."

    public struct Params: Codable, Sendable, Hashable {
        public var `protocol`: Int?
        /// The name the core loaded the plugin under.
        public var name: String?
        /// The core's socket, for calls back.
        public var socket: String?
        /// A directory the plugin may keep files in.
        public var dataDir: String?
        /// Every declared option: the config file's value or the default.
        public var options: JSONValue?
    }
    public typealias Result = JSONValue
}
