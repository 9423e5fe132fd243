import Logging
import ToolkitWeb

/// `toolkit-web`'s arguments, as `toolkit web` gives them.
struct WebOptions {
    var configuration = WebConfiguration()
    var logLevel = Logger.Level.info

    /// - Throws: ``ToolkitWeb/WebError`` `.arguments` for what `toolkit web` would not give, `.listen` for a
    ///   listen address that is not this machine's loopback without TLS or `--insecure-lan`, `.tls` for a
    ///   certificate or key that cannot be used.
    init(_ arguments: ArraySlice<String>) throws {
        var rest = arguments[...]
        var insecureLAN = false
        var certificateFile: String?
        var keyFile: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--insecure-lan": insecureLAN = true
            case "--new-token": configuration.newToken = true
            case "--tls-cert", "--tls-key":
                guard let value = rest.popFirst() else { throw WebError(.arguments, "\(argument) needs a file.") }
                if argument == "--tls-cert" { certificateFile = value } else { keyFile = value }
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
        switch (certificateFile, keyFile) {
        case (let certificateFile?, let keyFile?):
            configuration.tls = try WebTLS.configuration(certificateFile: certificateFile, keyFile: keyFile)
        case (nil, nil):
            break
        case (.some, nil), (nil, .some):
            throw WebError(.arguments, "HTTPS needs both --tls-cert FILE and --tls-key FILE.")
        }
        if !configuration.listen.isLoopback && configuration.tls == nil && !insecureLAN {
            throw WebError(
                .listen,
                "--listen \(configuration.listen) is not loopback: anyone on the network could reach it. Give "
                    + "--tls-cert FILE --tls-key FILE to serve HTTPS there, say --insecure-lan to serve plain "
                    + "HTTP on purpose, or listen on 127.0.0.1.")
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
