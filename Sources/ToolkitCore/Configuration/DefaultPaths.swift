#if canImport(Glibc)
import Glibc
#endif

/// The XDG locations of DESIGN.md's "Paths and configuration" table, from an environment.
public struct DefaultPaths: Sendable {
    public let environment: [String: String]

    public init(environment: [String: String]) { self.environment = environment }

    private var home: String { environment["HOME"].nonEmpty ?? "/root" }

    /// `$XDG_RUNTIME_DIR/toolkit/toolkit.sock`, else `/tmp/toolkit-$UID/toolkit.sock`.
    public var socketPath: String {
        if let runtime = environment["XDG_RUNTIME_DIR"].nonEmpty { return runtime + "/toolkit/toolkit.sock" }
        return "/tmp/toolkit-\(getuid())/toolkit.sock"
    }

    /// `$XDG_DATA_HOME/toolkit`, else `~/.local/share/toolkit`.
    public var dataDirectory: String {
        (environment["XDG_DATA_HOME"].nonEmpty ?? home + "/.local/share") + "/toolkit"
    }

    /// `$XDG_CONFIG_HOME/toolkit`, else `~/.config/toolkit`.
    public var configDirectory: String {
        (environment["XDG_CONFIG_HOME"].nonEmpty ?? home + "/.config") + "/toolkit"
    }

    /// `<config directory>/config.json`.
    public var configFile: String { configDirectory + "/config.json" }

    /// The socket from `TOOLKIT_SOCKET`, else the default: what every client command uses without `--socket`.
    public var effectiveSocketPath: String { environment["TOOLKIT_SOCKET"].nonEmpty ?? socketPath }

    /// The data directory from `TOOLKIT_DATA_DIR`, else the default.
    public var effectiveDataDirectory: String { environment["TOOLKIT_DATA_DIR"].nonEmpty ?? dataDirectory }
}

extension Optional where Wrapped == String {
    /// The string unless it is nil or empty.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
