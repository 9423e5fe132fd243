import Hashing
import Glibc
import NIOConcurrencyHelpers

/// Writes a new blob's bytes to a temp file under `blobs/tmp` and hashes them in the same pass; made
/// by ``BlobStore/makeWriter(limit:)``.
///
/// Its methods block (they write to disk): call them from a blocking context such as a download's libcurl
/// thread or ``BlockingIO``, never directly from an async function. Calls are serialised by a
/// lock, so the writer may be handed between threads. A writer dropped without ``finish()`` deletes
/// its temp file.
///
/// `@unchecked Sendable`: `state` (which holds the non-`Sendable` open file) is only touched inside
/// `lock.withLockedValue`.
package final class BlobWriter: @unchecked Sendable {
    private struct State {
        var file: OpenFile?
        var hasher = SHA256()
        var size: Int64 = 0
        var syncedUpTo: Int64 = 0
    }

    private let lock = NIOLockedValueBox(())
    private var unsafeState: State
    private let temporaryName: String
    private let temporaryDirectory: String
    private let table: InFlightTable
    /// The most bytes this writer accepts, if limited.
    package let limit: Int64?
    private static let writebackStep: Int64 = 4 << 20

    init(temporaryDirectory: String, table: InFlightTable, limit: Int64?) throws {
        let name = "\(getpid())-\(UInt64.random(in: 0...UInt64.max)).part"
        table.register(temporary: name)
        do {
            let file = try OpenFile.open(
                temporaryDirectory + "/" + name, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
            unsafeState = State(file: file)
        } catch {
            table.unregister(temporary: name)
            throw error
        }
        self.temporaryName = name
        self.temporaryDirectory = temporaryDirectory
        self.table = table
        self.limit = limit
    }

    deinit { discard() }

    /// Runs `body` on the state under the lock.
    private func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try lock.withLockedValue { _ in try body(&unsafeState) }
    }

    /// The number of bytes written so far.
    package var bytesWritten: Int64 { withState { $0.size } }

    /// Hashes and writes `chunk`.
    /// - Throws: `MediaError.tooLarge` when the bytes pass ``limit`` (the temp file is then deleted),
    ///   `MediaError.io` when the disk refuses them, `MediaError.invalidArgument` after finish or discard.
    package func write(_ chunk: UnsafeRawBufferPointer) throws {
        try withState { state in
            guard let file = state.file else {
                throw MediaError(.invalidArgument, "the blob writer is already finished or discarded", reason: "closed")
            }
            if let limit, state.size + Int64(chunk.count) > limit {
                state.file = nil
                try? file.close()
                unlink(file.path)
                table.unregister(temporary: temporaryName)
                throw MediaError(
                    .tooLarge, "the content is larger than the limit of \(limit) bytes", reason: "too-large",
                    limit: limit)
            }
            state.hasher.update(bufferPointer: chunk)
            try file.write(chunk)
            state.size += Int64(chunk.count)
            if state.size - state.syncedUpTo >= Self.writebackStep {
                // Start the kernel's writeback now so the sync at publish has little left to wait for.
                _ = startWriteback?(file.descriptor, state.syncedUpTo, state.size - state.syncedUpTo, 2)
                state.syncedUpTo = state.size
            }
        }
    }

    /// Hashes and writes `chunk`.
    /// - Throws: As ``write(_:)-(UnsafeRawBufferPointer)``.
    package func write(_ chunk: [UInt8]) throws {
        try chunk.withUnsafeBytes { try write($0) }
    }

    /// Closes the temp file and returns the staged blob, whose lease now keeps its hash in flight.
    /// - Throws: `MediaError.io` when closing fails (the temp file is then deleted).
    package func finish() throws -> StagedBlob {
        let (file, hasher, size, syncedUpTo) = try withState { state in
            guard let file = state.file else {
                throw MediaError(.invalidArgument, "the blob writer is already finished or discarded", reason: "closed")
            }
            state.file = nil
            return (file, state.hasher, state.size, state.syncedUpTo)
        }
        do {
            if size > syncedUpTo { _ = startWriteback?(file.descriptor, syncedUpTo, size - syncedUpTo, 2) }
            try file.close()
        } catch {
            unlink(file.path)
            table.unregister(temporary: temporaryName)
            throw error
        }
        let sha256 = BlobHash.hex(hasher.finalize())
        let lease = BlobLease(
            sha256: sha256, temporary: temporaryName, temporaryDirectory: temporaryDirectory, table: table)
        return StagedBlob(sha256: sha256, size: size, temporaryPath: file.path, lease: lease)
    }

    /// Deletes the temp file; a no-op after ``finish()``.
    package func discard() {
        let file = withState { state -> OpenFile? in
            defer { state.file = nil }
            return state.file
        }
        guard let file else { return }
        try? file.close()
        unlink(file.path)
        table.unregister(temporary: temporaryName)
    }
}

/// glibc's `sync_file_range`, which Swift's Glibc module does not export (it needs `_GNU_SOURCE`).
let startWriteback: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
}()
