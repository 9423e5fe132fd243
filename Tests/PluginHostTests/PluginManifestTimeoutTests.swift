import JSONRPC
import Testing
import ToolkitAPI

/// Timeouts a plugin declares in its manifest, as the host reads them (ToolkitAPI's PluginManifestRecord): any
/// number it writes is read without overflowing.
struct PluginManifestTimeoutTests {
    private static func manifest(methodTimeout: JSONValue, hookTimeout: JSONValue) throws -> PluginManifestRecord {
        try PluginManifestRecord(
            json: [
                "name": "timeouts", "version": "1", "protocol": 1,
                "methods": [["name": "t.call", "timeout": methodTimeout]],
                "hooks": [["name": "entry.beforeSave", "timeout": hookTimeout]],
            ])
    }

    @Test(arguments: [
        (JSONValue.int(Int.max), Duration.seconds(86_400), Duration.seconds(60)),
        (.double(1e300), .seconds(86_400), .seconds(60)),
        (.double(1.5), .milliseconds(1500), .milliseconds(1500)),
        (.int(90_000), .seconds(86_400), .seconds(60)),
        (.double(1.5e-10), .milliseconds(1), .milliseconds(1)),  // found by fuzz-plugin-manifest: it was 0
    ])
    func aTimeoutIsHeldToADayForAMethodAMinuteForAHookAndAtLeastAMillisecond(
        declared: JSONValue, method: Duration, hook: Duration
    ) throws {
        let read = try Self.manifest(methodTimeout: declared, hookTimeout: declared)
        #expect(read.methods.first?.timeout == method)
        #expect(read.hooks.first?.deadline == hook)
    }

    @Test(arguments: [JSONValue.int(0), .double(-1), .string("10")])
    func aTimeoutThatIsNotAPositiveNumberRefusesTheManifest(declared: JSONValue) {
        #expect(throws: PluginManifestError.self) { try Self.manifest(methodTimeout: declared, hookTimeout: .int(1)) }
    }
}
