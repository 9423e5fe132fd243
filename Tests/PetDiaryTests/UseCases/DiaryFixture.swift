import Foundation
import Logging
import Media
import NIOConcurrencyHelpers
import ToolkitTestSupport

@testable import PetDiary

/// The use cases on a real SQLite file and a real blob directory in a temp directory of their own, with
/// the events they publish recorded and the hooks a test gives.
final class DiaryFixture: Sendable {
    let scratch: TemporaryDirectory
    let store: DiaryStore
    let blobs: BlobStore
    let events = RecordedEvents()
    let diary: Diary
    /// Logs nothing.
    let logger = Logger(label: "petdiary.tests", factory: { _ in SwiftLogNoOpLogHandler() })

    init(hooks: any DiaryHooks = ContinuingHooks()) throws {
        scratch = try TemporaryDirectory()
        store = try DiaryStore(path: scratch.appending("toolkit.sqlite"))
        blobs = try BlobStore(root: scratch.appending("blobs"))
        diary = Diary(store: store, blobs: blobs, events: events, hooks: hooks)
    }

    /// Writes the committed fixture `name` into the scratch directory; returns its path.
    func file(_ name: String, as copy: String? = nil) throws -> String {
        try scratch.write(copy ?? name, try Fixtures.bytes(name))
    }

    /// The blob files stored (not temp files).
    var storedBlobs: [String] { scratch.files(under: "blobs/sha256").map { String($0.suffix(64)) } }
    /// Temp files left in the blob store.
    var temporaries: [String] { scratch.files(under: "blobs/tmp") }

    /// An album, made through the store so that no event is recorded.
    func album(_ title: String = "Walks", petId: String? = nil) async throws -> Album {
        try await store.albums.create(title: title, petId: petId)
    }
}

/// An ``EventSink`` that keeps what is published, in order.
final class RecordedEvents: EventSink {
    private let recorded = NIOLockedValueBox<[DiaryEvent]>([])

    func publish(_ event: DiaryEvent) {
        recorded.withLockedValue { $0.append(event) }
    }

    /// Everything published so far.
    var all: [DiaryEvent] { recorded.withLockedValue { $0 } }
}

/// The counts a bulk import reported.
final class ReportedProgress: Sendable {
    private let counts = NIOLockedValueBox<[Int]>([])

    func record(_ done: Int) { counts.withLockedValue { $0.append(done) } }

    var values: [Int] { counts.withLockedValue { $0 } }
}

/// A value a hook reads and a test sets later.
final class Shared<Value: Sendable>: Sendable {
    private let state: NIOLockedValueBox<Value>

    init(_ value: Value) { state = NIOLockedValueBox(value) }

    var value: Value {
        get { state.withLockedValue { $0 } }
        set { state.withLockedValue { $0 = newValue } }
    }
}
