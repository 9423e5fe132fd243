import Testing
import ToolkitWeb

/// Which `Host` headers the app answers, and which listen addresses are loopback.
struct HostRuleTests {
    @Test(arguments: [
        ("127.0.0.1:8737", true), ("localhost:8737", true), ("LOCALHOST:8737", true), ("pets.lan", true),
        ("pets.lan:8737", true), ("pets.lan:9999", true), ("127.0.0.1:8738", false), ("localhost", false),
        ("127.0.0.1", false), ("evil.example:8737", false), ("pets.lan.evil.example", false),
        ("[::1]:8737", false), ("", false), ("127.0.0.1:8737@evil", false),
    ])
    func aHostHeaderIsTheListenAddressLocalhostOrAConfiguredName(host: String, answered: Bool) {
        let rule = HostRule(listen: ListenAddress(host: "127.0.0.1", port: 8737), names: ["pets.lan"])
        #expect(rule.allows(host) == answered)
    }

    @Test func theBoundPortIsTheOneThatCountsWhenPortZeroWasAsked() {
        let rule = HostRule(listen: ListenAddress(host: "127.0.0.1", port: 0), names: [])
        rule.bound(port: 41234)
        #expect(rule.allows("127.0.0.1:41234") && rule.allows("localhost:41234"))
        #expect(!rule.allows("127.0.0.1:0"))
    }

    @Test func anIPv6ListenAddressIsAnsweredInBrackets() {
        let rule = HostRule(listen: ListenAddress(parsing: "[::1]:8737")!, names: [])
        #expect(rule.allows("[::1]:8737") && rule.allows("localhost:8737"))
        #expect(!rule.allows("::1:8737"))
    }

    @Test(arguments: [
        ("127.0.0.1:8737", "127.0.0.1", 8737, true), ("127.1.2.3:0", "127.1.2.3", 0, true),
        ("localhost:80", "localhost", 80, true), ("[::1]:8737", "::1", 8737, true),
        ("0.0.0.0:8737", "0.0.0.0", 8737, false), ("192.168.1.20:8737", "192.168.1.20", 8737, false),
        ("[::]:8737", "::", 8737, false), ("127.evil.example:80", "127.evil.example", 80, false),
        ("127.a.b.c:80", "127.a.b.c", 80, false),
    ])
    func aListenAddressIsReadAndLoopbackIsKnown(text: String, host: String, port: Int, loopback: Bool) throws {
        let address = try #require(ListenAddress(parsing: text))
        #expect(address.host == host && address.port == port)
        #expect(address.isLoopback == loopback)
    }

    @Test(arguments: ["8737", "127.0.0.1", "127.0.0.1:", "127.0.0.1:99999", "::1:8737", "[::1]8737", "a b:80", ":80"])
    func whatIsNotHostColonPortIsRefused(text: String) {
        #expect(ListenAddress(parsing: text) == nil)
    }
}
