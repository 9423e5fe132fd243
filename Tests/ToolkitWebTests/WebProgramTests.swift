import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// `toolkit web` as a user runs it: the built binary, which runs `toolkit-web` beside it.
struct WebProgramTests {
    @Test func itsFirstLineIsTheURLToOpenWithTheTokenAndThePageAnswers() async throws {
        try await withCore(.socket) { core in
            let directory = try TemporaryDirectory()
            _ = try directory.write("config/toolkit/config.json", Array(#"{"web": {"hosts": ["pets.lan"]}}"#.utf8))
            let output = directory.appending("stdout")
            let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            defer { close(descriptor) }
            let web = try ChildProcess(
                ToolkitBinary.path,
                ["web", "--socket", core.socketPath, "--data-dir", core.dataDirectory, "--listen", "127.0.0.1:0"],
                environment: ["XDG_CONFIG_HOME": directory.appending("config"), "HOME": directory.path],
                standardOutput: descriptor)
            defer { _ = web.stop(timeout: .seconds(10)) }
            let url = try await firstLine(writtenTo: output)
            let token = try String(contentsOfFile: directory.appending("config/toolkit/web-token"), encoding: .utf8)
            #expect(url.wholeMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\/#token=[0-9a-f]{64}/) != nil)
            #expect(url.hasSuffix("#token=" + token.filter(\.isHexDigit)))
            let port = try #require(Int(url.split(separator: ":")[2].prefix { $0.isNumber }))
            let page = try await RawHTTP(port: port).send(["GET / HTTP/1.1", "Host: 127.0.0.1:\(port)"])
            #expect(page.status == 200)
            let named = try await RawHTTP(port: port).send(["GET / HTTP/1.1", "Host: pets.lan:\(port)"])
            #expect(named.status == 200, "web.hosts in the config reaches toolkit-web")
            let other = try await RawHTTP(port: port).send(["GET / HTTP/1.1", "Host: other.lan:\(port)"])
            #expect(other.status == 403)
            let ping = try await RawHTTP(port: port).send(
                [
                    "POST /api/rpc HTTP/1.1", "Host: localhost:\(port)",
                    "Authorization: Bearer \(token.filter(\.isHexDigit))",
                ],
                body: #"{"jsonrpc":"2.0","id":7,"method":"system.ping"}"#)
            #expect(ping.body.contains(#"{"jsonrpc":"2.0","result":"pong","id":7}"#))
        }
    }

    @Test func aNetworkAddressWithoutInsecureLANIsRefusedNamingBothWays() async throws {
        let result = try await runToolkit(["web", "--listen", "0.0.0.0:0", "--socket", "/nonexistent/core.sock"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--insecure-lan") && result.stderr.contains("--tls-cert"))
        #expect(result.stdout.isEmpty)
    }

    @Test func onEveryAddressTheURLNamesTheMachinesAndAPhonesHostIsAnsweredWithAQRCode() async throws {
        try await withCore(.socket) { core in
            let directory = try TemporaryDirectory()
            let (output, errors) = (directory.appending("stdout"), directory.appending("stderr"))
            let out = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let err = open(errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            defer { close(out) }
            defer { close(err) }
            let web = try ChildProcess(
                ToolkitBinary.path,
                [
                    "web", "--socket", core.socketPath, "--data-dir", core.dataDirectory, "--listen", "0.0.0.0:0",
                    "--insecure-lan",
                ],
                environment: [
                    "XDG_CONFIG_HOME": directory.appending("config"), "HOME": directory.path,
                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                ],
                standardOutput: out, standardError: err)
            defer { _ = web.stop(timeout: .seconds(10)) }
            let line = try await firstLine(writtenTo: output)
            // http://192.168.1.20:PORT/#token=…: an address of this machine, not 0.0.0.0.
            let authority = try #require(line.split(separator: "/").dropFirst().first.map(String.init), "\(line)")
            let host = String(authority.split(separator: ":")[0])
            let port = try #require(Int(authority.split(separator: ":")[1]))
            #expect(host != "0.0.0.0" && !host.hasPrefix("127."), "\(line)")
            let raw = RawHTTP(port: port)
            #expect(try await raw.send(["GET / HTTP/1.1", "Host: \(authority)"]).status == 200)
            #expect(try await raw.send(["GET / HTTP/1.1", "Host: 10.9.9.9:\(port)"]).status == 200)
            #expect(try await raw.send(["GET / HTTP/1.1", "Host: pets.example:\(port)"]).status == 403)
            #expect(try await raw.send(["GET / HTTP/1.1", "Host: \(host):\(port + 1)"]).status == 403)
            // qrencode draws the code in block characters.
            var drawn = ""
            for _ in 0..<200 where !drawn.contains("█") {
                drawn = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(drawn.contains("█"), "\(drawn)")
        }
    }
}
