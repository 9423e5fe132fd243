import ArgumentParser
import ToolkitCore

/// `toolkit web`: the diary in a browser, served by `toolkit-web` (found beside `toolkit`), which takes this
/// process's place once the socket, data directory, token file and `web.hosts` are resolved.
struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "Serve the diary to a browser: a local web app and the catalogue over HTTP.",
        discussion: """
            Prints one line, the URL to open, with the access token in its fragment \
            (http://127.0.0.1:8737/#token=...), then serves until stopped. The page trades the token for a \
            session cookie. Scripts send Authorization: Bearer TOKEN to POST /api/rpc, GET /api/events and \
            /media/... (docs/web.md).

            The token (256 random bits) is made at first start and kept in $XDG_CONFIG_HOME/toolkit/web-token \
            (mode 0600); --new-token replaces it and ends every session. It listens on loopback unless \
            --listen says otherwise; an address others can reach needs --tls-cert and --tls-key (PEM files: \
            HTTPS, and a Secure cookie) or --insecure-lan (plain HTTP: anyone on the network who sees the \
            traffic sees the token). On 0.0.0.0 the URL names this machine's network address, and a QR code \
            of it follows on stderr for a phone's camera (drawn by qrencode when installed). Names other than \
            the listen address and localhost that browsers may use go in the config's web.hosts.

            It speaks to the running core (toolkit serve, or the user unit; --socket names another) and \
            reconnects when the core restarts; meanwhile the API answers 503.
            """
    )

    @OptionGroup var global: LocationOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Where to listen; port 0 picks a free one.", valueName: "host:port"))
    var listen = "127.0.0.1:8737"

    @Flag(name: .customLong("insecure-lan"), help: "Allow a listen address that is not loopback, over plain HTTP.")
    var insecureLAN = false

    @Flag(name: .long, help: "Replace the access token (every open session ends).")
    var newToken = false

    @Option(
        name: .long,
        help: ArgumentHelp("Serve HTTPS with this PEM certificate chain (leaf first).", valueName: "file"))
    var tlsCert: String?

    @Option(
        name: .long, help: ArgumentHelp("The certificate's private key (unencrypted PEM).", valueName: "file"))
    var tlsKey: String?

    @Option(
        name: .long, help: ArgumentHelp("What to log to stderr: error, warning, info or debug.", valueName: "level"))
    var logLevel: String = "info"

    /// Where the web app keeps its access token: `$XDG_CONFIG_HOME/toolkit/web-token`.
    static func tokenFile(environment: [String: String]) -> String {
        DefaultPaths(environment: environment).configDirectory + "/web-token"
    }

    func run() async throws {
        let configuration: ToolkitConfiguration
        do {
            configuration = try ToolkitConfiguration.resolve(
                .init(socketPath: global.socket, dataDirectory: global.dataDirectory), environment: global.environment)
        } catch let error as CoreError {
            printError(error.description)
            throw ToolkitExit.configuration
        }
        guard let program = SiblingProgram.locate(SiblingProgram.web) else {
            printError(
                "toolkit web: \(SiblingProgram.web) is not beside toolkit in \(SiblingProgram.directory); "
                    + "make install puts both in the same directory.")
            throw ToolkitExit.unavailable
        }
        var arguments = ["--socket", configuration.socketPath, "--data-dir", configuration.dataDirectory]
        arguments += ["--token-file", Self.tokenFile(environment: global.environment)]
        arguments += ["--listen", listen, "--log-level", logLevel]
        arguments += ["--max-upload-bytes", String(configuration.uploadBytes)]
        if insecureLAN { arguments.append("--insecure-lan") }
        if newToken { arguments.append("--new-token") }
        for host in configuration.webHosts { arguments += ["--host", host] }
        if let tlsCert { arguments += ["--tls-cert", tlsCert] }
        if let tlsKey { arguments += ["--tls-key", tlsKey] }
        let reason = SiblingProgram.replaceThisProcess(with: program, arguments)
        printError("toolkit web: cannot run \(program) (\(reason)).")
        throw ToolkitExit.software
    }
}
