#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// The built core loading a Python plugin (Fixtures/echo-plugin) over real pipes, called over its socket.
@Suite(.serialized)
struct PluginHostEndToEndTests {
    static let echoPlugin = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/echo-plugin").path

    private func core(_ extra: [String] = []) async throws -> (CoreProcess, LineClient) {
        let core = try CoreProcess(extraArguments: ["--plugin", Self.echoPlugin, "--log-level", "debug"] + extra)
        let client = try LineClient(path: core.socketPath)
        // Plugins start once the socket listens; wait until the echo plugin answers.
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try await call(client, #"{"jsonrpc":"2.0","id":0,"method":"plugins.list"}"#).contains(#""ready""#) {
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (core, client)
    }

    private func call(_ client: LineClient, _ line: String) async throws -> String {
        try client.send(line + "\n")
        return try #require(await client.readLine())
    }

    @Test func pluginMethodsAnswerOverTheSocketUnderTheClientsOwnIds() async throws {
        let (core, client) = try await core()
        defer { core.stop() }
        for id in [#""text-id""#, "42", "null", "-7.5"] {
            let answer = try await call(
                client, #"{"jsonrpc":"2.0","id":\#(id),"method":"echo.say","params":{"text":"보리"}}"#)
            #expect(answer.contains(#""result":{"text": "\ubcf4\ub9ac"}"#) || answer.contains("보리"), "\(answer)")
            #expect(answer.hasSuffix(#","id":\#(id)}"#), "\(answer)")
        }
        let failure = try await call(client, #"{"jsonrpc":"2.0","id":1,"method":"echo.fail"}"#)
        #expect(failure.contains(#""error":{"code":-31000,"message":"nope","data":[1, 2]}"#), "\(failure)")
        let rpc = try await RPCClient.connect(to: core.socketPath)
        let big = try await rpc.call("echo.big").decode(String.self)
        #expect(big.utf8.count == 10 * 1024 * 1024)
        await rpc.close()
        let discover = try await call(client, #"{"jsonrpc":"2.0","id":3,"method":"rpc.discover"}"#)
        #expect(discover.contains(#""name":"echo.say""#) && discover.contains("Echoes."))
    }

    /// Fixtures/echo-plugin's RAW_RESULT: what `echo.raw` answers, written by hand.
    static let rawResult =
        #"{"name":"\ubcf4\ub9ac \"B\" \u00e9\ud83d\udc36","big":123456789012345678901234567890,"#
        + #""tiny":1e-400,"huge":1E+400,"neg":-0.0,"id":{"id":[1,{"id":null,"result":"x"}]},"s":"\u2028\/"}"#

    @Test func aPluginsResultAndErrorReachTheClientByteForByteUnderItsOwnId() async throws {
        let (core, client) = try await core()
        defer { core.stop() }
        for id in [#""x\"y""#, "12345678901234567890123", "1.0e3", "null", #""\u00e9""#] {
            // Escapes, numbers no Double holds, "id" and "result" keys nested inside: nothing decoded or rewritten.
            let answer = try await call(client, #"{"jsonrpc":"2.0","id":\#(id),"method":"echo.raw","params":{}}"#)
            #expect(answer == #"{"jsonrpc":"2.0","result":\#(Self.rawResult),"id":\#(id)}"#)
            // An error keeps its code, message and data (the data as written).
            let failure = try await call(client, #"{"jsonrpc":"2.0","id":\#(id),"method":"echo.rawfail"}"#)
            #expect(
                failure == #"{"jsonrpc":"2.0","error":{"code":-31001,"message":"café \"closed\"","#
                    + #""data":{"id":"\u0041","n":1.50}},"id":\#(id)}"#)
        }
    }

    @Test func aPluginsProgressReachesTheClientThatAskedUnderItsOwnId() async throws {
        let (core, client) = try await core()
        defer { core.stop() }
        // "progress": true passes whatever the schema, and reaches the plugin with the params unchanged.
        try client.send(
            #"{"jsonrpc":"2.0","id":"p-1","method":"echo.say","params":{"text":"slowly","progress":true}}"# + "\n")
        let progress = try #require(await client.readLine())
        let notification = try JSONSerialization.jsonObject(with: Data(progress.utf8)) as? NSDictionary
        let expected: NSDictionary = [
            "jsonrpc": "2.0", "method": "progress", "params": ["id": "p-1", "done": 1, "total": 2, "unit": "words"],
        ]
        #expect(notification == expected, "\(progress)")
        let answer = try #require(await client.readLine())
        #expect(answer.contains(#""progress": true"#) && answer.hasSuffix(#","id":"p-1"}"#), "\(answer)")
        // Without it, the plugin's progress goes nowhere: the answer is the next line.
        let quiet = try await call(client, #"{"jsonrpc":"2.0","id":2,"method":"echo.say","params":{"text":"slowly"}}"#)
        #expect(quiet.hasPrefix(#"{"jsonrpc":"2.0","result":"#) && quiet.hasSuffix(#","id":2}"#), "\(quiet)")
    }

    @Test func paramsOutsideTheDeclaredSchemaAreRefusedBeforeForwarding() async throws {
        let (core, client) = try await core()
        defer { core.stop() }
        let wrongType = try await call(
            client, #"{"jsonrpc":"2.0","id":1,"method":"echo.say","params":{"text":3}}"#)
        #expect(wrongType.contains(#""code":-32602"#) && wrongType.contains(#""field":"text""#), "\(wrongType)")
        let unknown = try await call(
            client, #"{"jsonrpc":"2.0","id":2,"method":"echo.say","params":{"txt":"a"}}"#)
        #expect(unknown.contains(#""code":-32602"#) && unknown.contains(#""field":"txt""#), "\(unknown)")
    }

    @Test func hooksChangeAndRejectEntries() async throws {
        let (core, client) = try await core()
        defer { core.stop() }
        let changed = try await call(
            client, #"{"jsonrpc":"2.0","id":1,"method":"diary.create","params":{"title":"walk","body":"b"}}"#)
        #expect(changed.contains(#""title":"walk!""#), "\(changed)")
        let rejected = try await call(
            client, #"{"jsonrpc":"2.0","id":2,"method":"diary.create","params":{"title":"reject","body":"b"}}"#)
        #expect(rejected.contains(#""code":-32004"#) && rejected.contains(#""plugin":"echo""#), "\(rejected)")
        #expect(rejected.contains(#""hook":"entry.beforeSave""#) && rejected.contains("no rejects"))
        let list = try await call(client, #"{"jsonrpc":"2.0","id":3,"method":"diary.list"}"#)
        #expect(!list.contains(#""title":"reject""#), "a rejected entry is not stored")
    }

    @Test func aCrashedPluginFailsItsCallsIsRestartedAndTheCoreKeepsAnswering() async throws {
        let (core, client) = try await core()
        defer { core.stop() }
        let crash = try await call(client, #"{"jsonrpc":"2.0","id":1,"method":"echo.crash"}"#)
        #expect(crash.contains(#""code":-32004"#) && crash.contains(#""plugin":"echo""#), "\(crash)")
        let ping = try await call(client, #"{"jsonrpc":"2.0","id":2,"method":"system.ping"}"#)
        #expect(ping.contains("pong"))
        #expect(try await answersAgain(client), "restarted after the crash")
        let garbage = try await call(client, #"{"jsonrpc":"2.0","id":3,"method":"echo.garbage"}"#)
        #expect(garbage.contains(#""code":-32004"#), "\(garbage)")
        #expect(try await answersAgain(client), "restarted after writing garbage")
        let list = try await call(client, #"{"jsonrpc":"2.0","id":5,"method":"plugins.list"}"#)
        #expect(list.contains(#""restarts":2"#), "\(list)")
    }

    /// Whether `echo.say` answers again within 10 s (the plugin was restarted).
    private func answersAgain(_ client: LineClient) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let answer = try await call(client, #"{"jsonrpc":"2.0","id":4,"method":"echo.say","params":{}}"#)
            if answer.contains(#""result":{}"#) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func aCallPastItsTimeoutGetsPluginUnavailable() async throws {
        let (core, client) = try await core()
        defer { core.stop() }
        let late = try await call(
            client, #"{"jsonrpc":"2.0","id":1,"method":"echo.sleep","params":{"seconds":3}}"#)
        #expect(late.contains(#""code":-32004"#) && late.contains("within"), "\(late)")
    }

    @Test func noPluginOutlivesACoreKilledWithSIGKILL() async throws {
        let (core, client) = try await core()
        let answer = try await call(client, #"{"jsonrpc":"2.0","id":1,"method":"echo.pid"}"#)
        let pid = try #require(
            answer.split(separator: ":").dropFirst(2).first.flatMap { Int32($0.split(separator: ",")[0]) })
        #expect(getpgid(pid) == pid, "the plugin leads a process group of its own")
        core.stop(signal: SIGKILL)
        let deadline = ContinuousClock.now + .seconds(5)
        while kill(-pid, 0) == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(kill(-pid, 0) != 0, "the plugin's process group is gone")
    }

    @Test func aMethodNameClashingWithABuiltInLeavesThePluginFailed() async throws {
        let scratch = try TemporaryDirectory()
        let plugin = try scratch.write(
            "clash",
            Array(
                """
                #!/bin/sh
                while read -r line; do
                  id=$(printf '%s' "$line" | sed -n 's/.*"id": *\\([0-9]*\\).*/\\1/p')
                  case "$line" in
                    *getmanifest*) echo '{"jsonrpc":"2.0","id":'"$id"',"result":{"name":"clash","version":"1",\
                "methods":[{"name":"system.ping"}]}}' ;;
                    *'"init"'*) echo '{"jsonrpc":"2.0","id":'"$id"',"result":{}}' ;;
                  esac
                done
                """.utf8))
        chmod(plugin, 0o755)
        let core = try CoreProcess(extraArguments: ["--plugin", plugin])
        defer { core.stop() }
        let client = try LineClient(path: core.socketPath)
        var list = ""
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline, !list.contains(#""state":"failed""#) {
            list = try await call(client, #"{"jsonrpc":"2.0","id":1,"method":"plugins.list"}"#)
        }
        #expect(list.contains(#""state":"failed""#) && list.contains("system.ping"), "\(list)")
        let ping = try await call(client, #"{"jsonrpc":"2.0","id":2,"method":"system.ping"}"#)
        #expect(ping.contains(#""result":"pong""#))
    }
}
