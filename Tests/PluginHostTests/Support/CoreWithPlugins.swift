import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// The built core (`toolkit serve`) loading some plugins, and a client to call it over its socket.
struct CoreWithPlugins {
    let core: CoreProcess
    let client: LineClient

    /// Starts the core with `--plugin` for each of `plugins`, and `arguments` after them.
    init(plugins: [String], arguments: [String] = []) throws {
        core = try CoreProcess(extraArguments: plugins.flatMap { ["--plugin", $0] } + arguments)
        client = try LineClient(path: core.socketPath)
    }

    /// Sends one request line and returns the next line read.
    func call(_ line: String) async throws -> String {
        try client.send(line + "\n")
        return try #require(await client.readLine())
    }

    /// Calls `plugins.list` until the plugin `name` is there and `done` holds for it (or 60 s, times
    /// ``TestPatience``, have passed: a loaded machine starts Python slowly);
    /// returns how it was last listed.
    @discardableResult
    func plugin(_ name: String, until done: (ListedPlugin) -> Bool) async throws -> ListedPlugin? {
        let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(60))
        var last: ListedPlugin?
        while ContinuousClock.now < deadline {
            let answer = try await call(#"{"jsonrpc":"2.0","id":"list","method":"plugins.list"}"#)
            let list = try JSONDecoder().decode(ListAnswer.self, from: Data(answer.utf8))
            last = list.result.items.first { $0.name == name }
            if let last, done(last) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return last
    }

    /// Waits until each of `names` is ready.
    func waitUntilReady(_ names: String...) async throws {
        for name in names {
            let plugin = try await plugin(name) { $0.state == "ready" }
            #expect(plugin?.state == "ready", "\(name): \(String(describing: plugin))")
        }
    }

    func stop() { core.stop() }
}

/// One plugin as `plugins.list` shows it: what the tests look at.
struct ListedPlugin: Decodable {
    var name: String
    var state: String
    var reason: String?
    var restarts: Int
    var stderr: [String]?
}

private struct ListAnswer: Decodable {
    struct Items: Decodable { var items: [ListedPlugin] }
    var result: Items
}

extension CoreWithPlugins {
    /// Sends one request line over a connection of its own and returns the answer.
    static func call(_ socketPath: String, _ line: String) async throws -> String {
        let client = try LineClient(path: socketPath)
        try client.send(line + "\n")
        return try #require(await client.readLine())
    }
}
