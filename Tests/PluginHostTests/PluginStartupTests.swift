import ChildProcesses
import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// What a plugin is given at start (its options from the config file) and how the core treats a plugin that
/// declines to run, or an important one that cannot.
@Suite(.serialized)
struct PluginStartupTests {
    /// Writes a config file setting `plugins.options.echo` to `options` (JSON text); returns its path.
    private func config(echoOptions options: String, in scratch: TemporaryDirectory) throws -> String {
        try scratch.write("config.json", Array(#"{"plugins":{"options":{"echo":\#(options)}}}"#.utf8))
    }

    @Test func optionsFromTheConfigFileReachThePluginsInit() async throws {
        let scratch = try TemporaryDirectory()
        let file = try config(echoOptions: #"{"greeting":"hello, Bori"}"#, in: scratch)
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path], arguments: ["--config", file])
        defer { session.stop() }
        try await session.waitUntilReady("echo")
        let pinger = try Pinger(socketPath: session.core.socketPath)

        let options = try await session.call(#"{"jsonrpc":"2.0","id":1,"method":"echo.options"}"#)

        #expect(options.contains(#""result":{"greeting": "hello, Bori"}"#), "\(options)")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }

    @Test func anOptionOfTheWrongTypeFailsThePluginBeforeInitNamingOptionAndType() async throws {
        let scratch = try TemporaryDirectory()
        let file = try config(echoOptions: #"{"greeting":3}"#, in: scratch)
        let session = try CoreWithPlugins(plugins: [EchoPlugin.path], arguments: ["--config", file])
        defer { session.stop() }
        let pinger = try Pinger(socketPath: session.core.socketPath)

        let echo = try await session.plugin("echo") { $0.state == "failed" }

        #expect(echo?.state == "failed" && echo?.restarts == 0, "\(String(describing: echo))")
        #expect(
            echo?.reason == "plugins.options.echo.greeting is 3; echo wants a string.", "\(String(describing: echo))")
        #expect(echo?.stderr?.contains { $0.hasPrefix("init ") } == false, "init was never sent")
        let call = try await session.call(#"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{}}"#)
        #expect(call.contains(#""code":-32004"#) && call.contains(#""state":"failed""#), "\(call)")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }

    @Test func aPluginDisablingItselfInInitIsListedDisabledWithItsReasonAndServesNothing() async throws {
        let scratch = try TemporaryDirectory()
        let plugin = try EchoPlugin.variant("echo", in: scratch, ["ECHO_INIT": "disable:no camera attached"])
        let session = try CoreWithPlugins(plugins: [plugin])
        defer { session.stop() }
        let pinger = try Pinger(socketPath: session.core.socketPath)

        let echo = try await session.plugin("echo") { $0.state == "disabled" }

        #expect(echo?.state == "disabled" && echo?.reason == "no camera attached", "\(String(describing: echo))")
        let call = try await session.call(#"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{}}"#)
        #expect(call.contains("cannot answer: it disabled itself (no camera attached)."), "\(call)")
        #expect(call.contains(#""code":-32004"#) && call.contains(#""state":"disabled""#), "\(call)")
        let tally = await pinger.stop()
        #expect(tally.answered > 0 && tally.unanswered.isEmpty, "\(tally)")
    }

    @Test func anImportantPluginThatCannotStartStopsTheCoreNamingIt() async throws {
        let scratch = try TemporaryDirectory()
        // Its init fails after a moment, so that the core is listening by then.
        let plugin = try EchoPlugin.variant(
            "echo", in: scratch, ["ECHO_IMPORTANT": "1", "ECHO_INIT": "fail", "ECHO_INIT_DELAY": "0.5"])
        let core = try CoreProcess(extraArguments: ["--plugin", plugin])

        let (termination, timedOut) = core.child.wait(timeout: .seconds(20))

        #expect(!timedOut && termination.status != 0, "\(termination)")
        let stderr = core.stderrText()
        #expect(stderr.contains("The important plugin echo (\(plugin)) could not start"), "\(stderr)")
        #expect(stderr.contains("no camera attached"), "\(stderr)")
    }
}
