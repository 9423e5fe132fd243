import JSONRPC
import Testing
import ToolkitAPI

/// Every catalogue method's effect, decided one by one: a new method fails here until it is listed, so its
/// effect is chosen, not left to the default (`write`).
struct MethodEffectTests {
    /// Change none of the user's data; thumbnails and renditions are derived caches, not the user's data.
    static let reads: Set<String> = [
        "pets.get", "pets.list", "albums.get", "albums.list", "photos.get", "photos.list", "photos.thumbnail",
        "photos.rendition", "diary.get", "diary.list", "diary.search", "diary.tags", "diary.calendar",
        "settings.get", "sounds.list", "sounds.get", "sounds.devices", "notes.list", "archive.list",
        "archive.verify", "plugins.list", "system.ping", "system.info", "rpc.discover", "events.subscribe",
        "events.unsubscribe",
    ]
    /// Delete, or overwrite what cannot be got back: `archive.restore` with `onConflict: replace` rolls the
    /// diary's records back to the archive's state.
    static let destroys: Set<String> = [
        "pets.delete", "albums.delete", "photos.delete", "diary.delete", "diary.deleteAll", "sounds.delete",
        "notes.delete", "archive.prune", "archive.restore",
    ]
    /// Add or change data.
    static let writes: Set<String> = [
        "pets.create", "pets.update", "albums.create", "albums.rename", "photos.import", "photos.importMany",
        "photos.update", "diary.create", "diary.update", "settings.set", "sounds.import", "sounds.record",
        "sounds.play", "sounds.stop", "sounds.rename", "shutter.fire", "notes.record", "notes.attach",
        "notes.play", "export.create", "import.bundle", "archive.create", "system.gc", "plugins.start",
        "plugins.stop", "plugins.restart", "rpc.cancel", "events.emit",
    ]

    @Test func everyCatalogueMethodHasTheEffectListedHere() {
        var listed: [String: RPCMethodEffect] = [:]
        for name in Self.reads { listed[name] = .read }
        for name in Self.destroys { listed[name] = .destroy }
        for name in Self.writes { listed[name] = .write }
        #expect(listed.count == Self.reads.count + Self.destroys.count + Self.writes.count, "a name listed twice")

        let catalogue = Dictionary(uniqueKeysWithValues: MethodCatalogue.methods.map { ($0.name, $0.effect) })
        let unlisted = Set(catalogue.keys).subtracting(listed.keys).sorted()
        let stale = Set(listed.keys).subtracting(catalogue.keys).sorted()
        #expect(unlisted.isEmpty && stale.isEmpty, "not listed here: \(unlisted); not in the catalogue: \(stale)")
        for (name, effect) in catalogue.sorted(by: { $0.key < $1.key }) {
            #expect(effect == listed[name], "\(name) says \(effect); see the lists above")
        }
    }

    @Test func aMethodThatDoesNotSayIsAWrite() {
        enum Unsaid: RPCMethodDescribing {
            static let name = "test.unsaid"
            static let summary = "Says nothing of its effect."
            typealias Result = NoParams
        }
        #expect(Unsaid.effect == .write)
        let registered = RegisteredMethod(describedBy: Unsaid.self, body: .immediate { _, _ in RawJSON(.null) })
        #expect(registered.effect == .write)
    }
}
