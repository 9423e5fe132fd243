import Foundation
import Testing
import ToolkitAPI

/// `plugin.status {warning}`: what the core keeps of a plugin's warning for `plugins.list`.
struct PluginStatusReportTests {
    @Test(
        arguments: [
            (#"{"warning": "the backup misses 2 archives"}"#, "the backup misses 2 archives"),
            (#"{"warning": "two\nlines\r\nhere"}"#, "two lines here"),
            (#"{"warning": null}"#, nil),
            (#"{"warning": "  "}"#, nil),
            ("{}", nil),
        ] as [(String, String?)])
    func theWarningIsKeptOnOneLineAndNullOrBlankClearsIt(params: String, kept: String?) throws {
        let report = try JSONDecoder().decode(PluginStatusReport.self, from: Data(params.utf8))
        #expect(report.keptWarning == kept)
    }

    @Test func aLongWarningIsCutAtTheLimit() {
        let report = PluginStatusReport(warning: String(repeating: "산", count: 5_000))
        #expect(report.keptWarning == String(repeating: "산", count: PluginStatusReport.maximumWarningLength) + "…")
    }
}
