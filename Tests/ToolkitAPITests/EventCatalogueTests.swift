import JSONRPC
import Testing
import ToolkitAPI

/// The one catalogue of the core's topics and hooks, and the wire records their payloads are.
struct EventCatalogueTests {
    @Test func theCatalogueListsEveryTopicOnceUnderANounOfTheCore() {
        let topics = EventCatalogue.topics

        #expect(Set(topics).count == topics.count)
        #expect(topics.count == 27)
        for topic in topics {
            #expect(!EventCatalogue.mayPublish(topic), "a plugin could publish \(topic)")
        }
        #expect(
            Set(topics).isSuperset(of: [
                "export.completed", "archive.completed", "import.completed", "plugin.started", "plugin.crashed",
                "plugin.stopped", "plugin.failed", "shutter.fired", "entry.created", "photo.imported",
            ]))
    }

    @Test func theHookCatalogueHasTheFourHooksOfDocsPluginsMd() {
        #expect(
            HookCatalogue.names == [
                "photo.beforeImport", "entry.beforeSave", "export.beforeCreate", "archive.beforeCreate",
            ])
    }

    @Test(arguments: [
        ("memories.found", true), ("photo.found", false), ("memories", false), ("memories.", false), ("a.b.c", true),
    ])
    func aPluginMayPublishOnlyUnderANounOfItsOwn(topic: String, allowed: Bool) {
        #expect(EventCatalogue.mayPublish(topic) == allowed)
    }

    @Test func theCoresEventPayloadsAreWrittenAsBefore() throws {
        #expect(
            try RawJSON(encoding: ExportCompletedRecord(path: "/b.tar.zst", size: 3, sha256: "ab")).text
                == #"{"path":"/b.tar.zst","sha256":"ab","size":3}"#)
        #expect(
            try RawJSON(encoding: ArchiveCompletedRecord(path: "/a", size: 4, kind: "full", sha256: "cd")).text
                == #"{"kind":"full","path":"/a","sha256":"cd","size":4}"#)
        #expect(try RawJSON(encoding: PluginEventRecord(name: "p")).text == #"{"name":"p"}"#)
        #expect(
            try RawJSON(encoding: PluginEventRecord(name: "p", reason: "exit 1")).text
                == #"{"name":"p","reason":"exit 1"}"#)
        #expect(
            try RawJSON(encoding: ShutterFiredRecord(petId: nil, soundId: "s", at: "t")).text
                == #"{"at":"t","petId":null,"soundId":"s"}"#)
        #expect(try RawJSON(encoding: RecordID(id: "e1")).text == #"{"id":"e1"}"#)
        let summary = ImportBundle.Result(added: .init(), skipped: .init(), replaced: .init())
        let imported = try RawJSON(encoding: ImportCompletedRecord(path: "/b", onConflict: "skip", summary: summary))
        #expect(!imported.text.contains("source"))
        #expect(
            try RawJSON(
                encoding: ImportCompletedRecord(path: "/b", onConflict: "skip", summary: summary, source: "archive")
            )
            .text.contains(#""source":"archive""#))
    }

    @Test func everyPayloadReadsBackEqual() throws {
        let completed = ExportCompletedRecord(path: "/b", size: 3, sha256: "ab")
        #expect(try RawJSON(encoding: completed).decode(ExportCompleted.Data.self) == completed)
        let fired = ShutterFiredRecord(petId: "p", soundId: "s", at: "t")
        #expect(try RawJSON(encoding: fired).decode(ShutterFired.Data.self) == fired)
        let export = ExportBeforeCreate.Params(petId: "p", to: "2024-12-31")
        #expect(
            try RawJSON(encoding: export).text
                == #"{"albumId":null,"from":null,"path":null,"petId":"p","to":"2024-12-31"}"#)
        #expect(try RawJSON(encoding: export).decode(ExportBeforeCreate.Params.self) == export)
    }
}
