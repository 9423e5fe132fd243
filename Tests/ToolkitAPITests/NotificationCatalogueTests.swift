import JSONRPC
import Testing
import ToolkitAPI

/// The notifications the core sends are typed names of the catalogue, like its topics.
struct NotificationCatalogueTests {
    @Test func theCatalogueNamesEachNotificationOnceAsOnTheWire() {
        #expect(NotificationCatalogue.methods == ["event", "progress", "events.dropped"])
        #expect(ProgressNotification.method == RPCProgressReporter.method)
    }

    @Test func progressParamsDecodeAsTheReporterWritesThem() throws {
        let text = #"{"id":7,"done":3,"total":null,"unit":"bytes"}"#
        let progress = try RawJSON(unchecked: text).decode(ProgressNotification.self)
        #expect(progress == ProgressNotification(id: 7, done: 3, total: nil, unit: "bytes"))
    }
}
