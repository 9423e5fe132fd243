import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import ToolkitWeb

/// The pages' files as the app serves them: each one in `Sources/ToolkitWeb/Pages/Files` is served from the
/// binary, byte for byte, with its type and the security headers; the shell and the modules name only files
/// of this origin; no script puts text in as markup.
struct PageFileTests {
    /// The files on disk, by name: what the binary must hold.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ToolkitWeb/Pages/Files").standardizedFileURL
    static let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()) ?? []

    static func source(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Where the app serves a file: the shell at `/`, the others under `/app/`.
    static func address(_ name: String) -> String {
        name == "index.html" ? "/" : "/app/\(name)"
    }

    static let types = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
    ]

    @Test func theFilesAreThere() {
        #expect(Self.names.contains("index.html") && Self.names.contains("main.js") && Self.names.contains("app.css"))
    }

    @Test(arguments: names)
    func eachFileIsServedFromTheBinaryWithItsTypeAndTheSecurityHeaders(name: String) async throws {
        let expected = try Self.source(name)
        let type = try #require(Self.types[String(name.split(separator: ".").last ?? "")])
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let response = try await client.execute(uri: Self.address(name), method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == type)
                #expect(
                    response.headers[.init("Content-Security-Policy")!]
                        == SecurityHeadersMiddleware.contentSecurityPolicy)
                #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
                #expect(String(buffer: response.body) == expected)
            }
        }
    }

    @Test(arguments: ["/app/nothing.js", "/app/..%2fPageFile.swift", "/app/index.html", "/app.js"])
    func aNameThatIsNoPageFileIsNotFound(path: String) async throws {
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                let status = try await client.execute(uri: path, method: .get).status
                #expect(status == .notFound)
            }
        }
    }

    /// Every `src` and `href` in the shell, and every `from "…"` and `import("…")` in the modules.
    static func references(in text: String, pattern: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func theShellAndTheModulesNameOnlyFilesOfThisOrigin() async throws {
        var addresses = try Self.references(in: Self.source("index.html"), pattern: #"(?:src|href)="([^"]*)""#)
        #expect(addresses.contains("/app/main.js") && addresses.contains("/app/app.css"))
        addresses.removeAll { $0.hasPrefix("#") || $0 == "data:," }
        for name in Self.names where name.hasSuffix(".js") {
            let text = try Self.source(name)
            let imports = try Self.references(in: text, pattern: #"(?:from|import)\s*\(?\s*"([^"]+)""#)
            #expect(imports.allSatisfy { $0.hasPrefix("./") }, "\(name) imports \(imports)")
            addresses += imports.map { "/app/" + $0.dropFirst(2) }
        }
        #expect(addresses.allSatisfy { $0.hasPrefix("/") && !$0.hasPrefix("//") }, "\(addresses)")
        let named = Set(addresses)
        try await WebHarness.run { harness in
            try await harness.application().test(.router) { client in
                for address in named {
                    let status = try await client.execute(uri: address, method: .get).status
                    #expect(status == .ok, "\(address)")
                }
            }
        }
    }

    @Test(arguments: names.filter { $0.hasSuffix(".js") })
    func noModulePutsTextInAsMarkupOrRunsText(name: String) throws {
        let text = try Self.source(name)
        for word in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            #expect(!text.contains(word), "\(name) uses \(word)")
        }
    }

    /// The first screen waits for the modules main.js imports with `from` (directly or not), so the shell fetches
    /// them all at once; a screen's module that main.js loads with `import(…)` is not among them.
    @Test func theShellPreloadsEveryModuleMainImportsStaticallyAndNoOther() throws {
        var graph: Set<String> = []
        var next = ["main.js"]
        while let name = next.popLast() {
            guard graph.insert(name).inserted else { continue }
            next += try Self.references(in: Self.source(name), pattern: #"from\s*"\./([^"]+)""#)
        }
        let loadedLater = try Self.references(in: Self.source("main.js"), pattern: #"import\(\s*"\./([^"]+)""#)
        #expect(!loadedLater.isEmpty && graph.isDisjoint(with: loadedLater), "main.js loads \(loadedLater) later")
        graph.remove("main.js")
        let preloaded = try Self.references(
            in: Self.source("index.html"), pattern: #"<link rel="modulepreload" href="/app/([^"]+)">"#)
        #expect(Set(preloaded) == graph, "add or remove <link rel=\"modulepreload\"> lines in index.html")
        #expect(preloaded.count == graph.count, "each module once")
    }

    @Test func theShellHasNoInlineScriptOrStyle() throws {
        let page = try Self.source("index.html")
        #expect(page.contains(#"<script type="module" src="/app/main.js"></script>"#))
        #expect(!page.contains("<script>") && !page.contains("<style") && !page.contains("style="))
        #expect(!page.contains(" on"))
    }
}
