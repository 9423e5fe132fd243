#if canImport(Glibc)
import Glibc
#endif
import Logging
import ToolkitWeb

/// `toolkit-web`, the web app's program, which `toolkit web` runs in its place once it has resolved the
/// config (as `toolkit-mcp-bridge` is run by `toolkit mcp`). It is run as:
///
///     toolkit-web --socket PATH --data-dir DIR --token-file FILE [--listen HOST:PORT]
///                 [--tls-cert FILE --tls-key FILE | --insecure-lan] [--new-token] [--host NAME]...
///                 [--max-upload-bytes N] [--log-level LEVEL]
///
/// Its first line on stdout is the URL to open, `http://HOST:PORT/#token=TOKEN` (`https` with TLS; on every
/// address, HOST is this machine's address on its network); when others can reach it, a QR code of the URL
/// follows on stderr. Exit status: 0 on SIGTERM or SIGINT, 64 for bad arguments, a listen address it refuses or
/// a TLS certificate or key it cannot use, 70 when it cannot start.
@main
enum WebMain {
    static func main() async {
        let options: WebOptions
        do {
            options = try WebOptions(CommandLine.arguments.dropFirst())
        } catch {
            printError("\(error)")
            exit(64)
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = options.logLevel
            return handler
        }
        let logger = Logger(label: "toolkit.web")
        do {
            let token = try AccessToken.load(
                from: options.configuration.tokenFile, replace: options.configuration.newToken)
            let web = WebApp(configuration: options.configuration, token: token)
            let reachable = !options.configuration.listen.isLoopback
            try await web.run(logger: logger) { url in
                writeLine(url, to: STDOUT_FILENO)
                if reachable { PhoneCode.show(url) }
            }
        } catch {
            printError("\(error)")
            exit(70)
        }
    }

    /// Writes `toolkit web: MESSAGE` and a newline to stderr.
    static func printError(_ message: String) {
        writeLine("toolkit web: \(message)", to: STDERR_FILENO)
    }

    /// Writes `text` and a newline to `descriptor` at once (unbuffered: `toolkit web` reads the URL line as it
    /// comes).
    static func writeLine(_ text: String, to descriptor: Int32) {
        var bytes = Array((text + "\n").utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
