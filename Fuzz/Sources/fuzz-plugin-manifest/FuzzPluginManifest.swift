import CFuzzer
import Glibc
import JSONRPC
import PluginHost
import ToolkitAPI

/// Reads arbitrary bytes as the answer to `getmanifest`, as the core does when a plugin starts: decoded as
/// ToolkitAPI's ``PluginManifestRecord`` (the type the plugin SDK writes), then, for a manifest it accepts, each
/// method's params schema made into the validator the core checks calls with (fed the manifest's own values as
/// params) and the options resolved with their defaults. Nothing may crash, and what is accepted must keep the
/// limits (timeouts above 0, a method's at most a day, a hook's deadline at most a minute) and be written the same
/// once read back (a number may change its spelling once, 1e3 to 1000, so the second writing is compared).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPluginManifest(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let json = try? RawJSON(unchecked: text).decode(JSONValue.self),
        let manifest = try? RawJSON(unchecked: text).decode(PluginManifestRecord.self)
    else { return 0 }
    let written = try? RawJSON(encoding: manifest)
    let rewritten = try? written?.decode(PluginManifestRecord.self)
    precondition(
        rewritten.flatMap { try? RawJSON(encoding: $0) } == written, "the manifest does not read back as written")
    var candidates: [JSONValue?] = [nil, .object([]), .array([]), json]
    candidates += manifest.methods.compactMap(\.params).map { $0 }
    for method in manifest.methods {
        if let timeout = method.timeout {
            precondition(timeout > .zero && timeout <= .seconds(86_400), "method timeout \(timeout)")
        }
        guard let schema = method.params else { continue }
        let validator = SchemaValidator(schema: schema)
        for params in candidates { try? validator.validateParams(params) }
    }
    for hook in manifest.hooks {
        precondition(hook.deadline > .zero && hook.deadline <= .seconds(60), "hook deadline \(hook.deadline)")
    }
    _ = try? PluginOptionRecord.resolve(manifest.options, configured: [:], plugin: manifest.name)
    return 0
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPluginManifest(data!, size) })
    }
}
