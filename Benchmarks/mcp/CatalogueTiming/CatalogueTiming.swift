import Foundation
import JSONRPC
import MCPBridge

/// Times, in process, what `toolkit mcp` does with the core's `rpc.discover` answer before it can list tools:
/// reading the document as a ``JSONValue`` (the anchor: the work the bridge cannot skip), building the
/// ``ToolCatalogue`` from it, and encoding the tool list as `tools/list` answers it. Prints one JSON object of
/// milliseconds: the first (cold) build and the p50 and p99 of the following ones, each step alternated.
///
///     bench-mcp-catalogue DOCUMENT [ROUNDS]
@main
enum CatalogueTiming {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: bench-mcp-catalogue DOCUMENT [ROUNDS]\n".utf8))
            exit(2)
        }
        let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
        let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
        let raw = RawJSON(unchecked: text)
        var decodeTimes: [Duration] = []
        var buildTimes: [Duration] = []
        var encodeTimes: [Duration] = []
        var toolCount = 0
        var methodCount = 0
        for _ in 0...rounds {
            var document: JSONValue = .null
            decodeTimes.append(try time { document = try raw.decode(JSONValue.self) })
            var catalogue: ToolCatalogue?
            buildTimes.append(try time { catalogue = try ToolCatalogue(discovery: document) })
            let tools = catalogue?.tools.map(\.tool) ?? []
            encodeTimes.append(time { _ = RawJSON(.object([("tools", .array(tools.map(\.json)))])) })
            toolCount = tools.count
            if case .array(let methods)? = document["methods"] { methodCount = methods.count }
        }
        var report: [(String, JSONValue)] = [("methods", .int(methodCount)), ("tools", .int(toolCount))]
        for (name, times) in [("decode", decodeTimes), ("catalogue", buildTimes), ("encode", encodeTimes)] {
            let warm = times.dropFirst().sorted()
            report += [
                ("\(name)_first_ms", .double(milliseconds(times[0]))),
                ("\(name)_p50_ms", .double(milliseconds(warm[warm.count / 2]))),
                ("\(name)_p99_ms", .double(milliseconds(warm[min(warm.count - 1, warm.count * 99 / 100)]))),
            ]
        }
        print(JSONValue.object(report).text)
    }

    private static func time(_ work: () throws -> Void) rethrows -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try work()
        return clock.now - start
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
