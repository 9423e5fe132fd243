import Logging
import ToolkitWeb

/// `toolkit-web`'s arguments, as `toolkit web` gives them.
struct WebOptions {
    var configuration = WebConfiguration()
    var logLevel = Logger.Level.info

    /// - Throws: ``ToolkitWeb/WebError`` `.arguments` for what `toolkit web` would not give, `.listen` for a
    ///   listen address that is not this machine's loopback without `--insecure-lan`.
    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments[...]
        var insecureLAN = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--insecure-lan": insecureLAN = true
            case "--new-token": configuration.newToken = true
            case "--tls-cert", "--tls-key":
                throw WebError(
                    .arguments,
                    "TLS (--tls-cert and --tls-key) is not available yet; serve on loopback, or say --insecure-lan "
                        + "to serve plain HTTP on the network on purpose.")
            case "--socket", "--data-dir", "--token-file", "--listen", "--host", "--log-level", "--max-upload-bytes":
                guard let value = rest.popFirst() else { throw WebError(.arguments, "\(argument) needs a value.") }
                try take(argument, value)
            default:
                throw WebError(.arguments, "unknown argument \(argument); run the web app through toolkit web.")
            }
        }
        for (name, value) in [
            ("--socket", configuration.socketPath), ("--data-dir", configuration.dataDirectory),
            ("--token-file", configuration.tokenFile),
        ] where value.isEmpty {
            throw WebError(.arguments, "\(name) is missing; run the web app through toolkit web.")
        }
        if !configuration.listen.isLoopback && !insecureLAN {
            throw WebError(
                .listen,
                "--listen \(configuration.listen) is not loopback: anyone on the network could reach it. TLS "
                    + "(--tls-cert and --tls-key) is not available yet; say --insecure-lan to serve plain HTTP "
                    + "there on purpose, or listen on 127.0.0.1.")
        }
    }

    private mutating func take(_ argument: String, _ value: String) throws {
        switch argument {
        case "--socket": configuration.socketPath = value
        case "--data-dir": configuration.dataDirectory = value
        case "--token-file": configuration.tokenFile = value
        case "--host": configuration.allowedHosts.append(value)
        case "--max-upload-bytes":
            guard let bytes = Int64(value), bytes > 0 else {
                throw WebError(.arguments, "--max-upload-bytes takes a number of bytes above 0; not \(value).")
            }
            configuration.maximumUploadBytes = bytes
        case "--listen":
            guard let address = ListenAddress(parsing: value) else {
                throw WebError(.arguments, "--listen takes HOST:PORT (127.0.0.1:8737, [::1]:0); not \(value).")
            }
            configuration.listen = address
        default:
            guard let level = Logger.Level(rawValue: value) else {
                throw WebError(.arguments, "--log-level takes trace, debug, info, notice, warning, error or critical.")
            }
            logLevel = level
        }
    }
}
