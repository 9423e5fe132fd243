import Glibc
import NIOConcurrencyHelpers

/// Keeps one blob hash *in flight*: while a lease lives, this process's ``BlobStore`` neither collects
/// nor removes the blob with that hash, and does not sweep its temp file.
///
/// A lease starts when a blob is staged and is carried by the ``StagedBlob`` and then by the ``Blob`` that
/// ``BlobStore/publish(_:)`` returns. Call ``release()`` once the database row that references the blob is
/// committed (or abandoned). Releasing is idempotent. If every copy of the lease is dropped without a
/// call, `deinit` releases it, and a temp file that was never published is deleted then: a forgotten
/// lease neither pins a hash for ever nor leaks a file. Do not rely on `deinit` for ordering, though:
/// Swift may end an object's life right after its last use, before your commit.
package final class BlobLease: Sendable {
    /// The hash this lease protects.
    package let sha256: String
    private let table: InFlightTable
    private let temporaryDirectory: String
    private let state: NIOLockedValueBox<(released: Bool, temporary: String?)>

    init(sha256: String, temporary: String, temporaryDirectory: String, table: InFlightTable) {
        self.sha256 = sha256
        self.table = table
        self.temporaryDirectory = temporaryDirectory
        self.state = NIOLockedValueBox((released: false, temporary: temporary))
        table.acquire(sha256)
    }

    deinit { release() }

    /// Whether ``release()`` has been called (or the blob discarded).
    package var isReleased: Bool { state.withLockedValue { $0.released } }

    /// Ends the lease: the hash is no longer protected from collection by this lease, and an unpublished
    /// temp file is deleted.
    package func release() {
        let (wasReleased, temporary) = state.withLockedValue { state in
            let result = (state.released, state.temporary)
            state.released = true
            state.temporary = nil
            return result
        }
        guard !wasReleased else { return }
        if let temporary {
            unlink(temporaryDirectory + "/" + temporary)
            table.unregister(temporary: temporary)
        }
        table.release(sha256)
    }

    /// Takes the temp file name for publishing; `nil` if the lease ended or it was already published.
    func takeTemporary() -> String? {
        state.withLockedValue { state in
            guard !state.released else { return nil }
            defer { state.temporary = nil }
            return state.temporary
        }
    }

    /// Gives back a temp file name that could not be published, so that release deletes it.
    func restoreTemporary(_ name: String) {
        let deleteNow = state.withLockedValue { state -> Bool in
            if state.released { return true }
            state.temporary = name
            return false
        }
        if deleteNow {
            unlink(temporaryDirectory + "/" + name)
            table.unregister(temporary: name)
        }
    }
}
