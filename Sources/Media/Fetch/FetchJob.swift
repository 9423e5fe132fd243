import Foundation
import NIOConcurrencyHelpers
import Synchronization

/// What one download's async caller and its libcurl thread share: the URL, the limits, the blob writer,
/// the cancel flag, and the continuation, which is resumed exactly once.
///
/// Whichever comes first answers the caller: the download's end (through ``claim()``) or ``cancel()``,
/// which answers `CancellationError` at once, deletes the temp file, and leaves the flag for libcurl's
/// callbacks to stop the transfer on their next call.
final class FetchJob: Sendable {
    private enum Phase {
        /// Made; the continuation is not there yet.
        case waiting
        /// The download runs and will answer `continuation`.
        case running(CheckedContinuation<FetchedBlob, any Error>)
        /// The caller has been answered (or will be by whoever moved here).
        case finished
    }

    /// The URL asked for.
    let url: URL
    /// The bounds on the download.
    let limits: FetchLimits
    /// Where the body goes. Thread-safe; after ``cancel()`` it is discarded and refuses writes.
    let writer: BlobWriter
    /// Asked about every address before libcurl connects to it (`true` connects); `nil` connects anywhere.
    let admits: (@Sendable (String) -> Bool)?
    private let cancelled = Atomic<Bool>(false)
    private let phase = NIOLockedValueBox(Phase.waiting)

    init(url: URL, limits: FetchLimits, writer: BlobWriter, admits: (@Sendable (String) -> Bool)? = nil) {
        self.url = url
        self.limits = limits
        self.writer = writer
        self.admits = admits
    }

    /// Whether ``cancel()`` was called; the callbacks poll it to stop the transfer.
    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Hands over the continuation to answer.
    /// - Returns: `true` when the download should start; `false` when the job was cancelled first, in which
    ///   case `continuation` has already been resumed with `CancellationError`.
    func attach(_ continuation: CheckedContinuation<FetchedBlob, any Error>) -> Bool {
        let attached = phase.withLockedValue { phase -> Bool in
            guard case .waiting = phase else { return false }
            phase = .running(continuation)
            return true
        }
        if !attached { continuation.resume(throwing: CancellationError()) }
        return attached
    }

    /// Stops the download: answers `CancellationError` and deletes the temp file now, unless the download
    /// has answered already, and flags libcurl's callbacks to abort the transfer.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        let (answers, continuation) = phase.withLockedValue {
            phase -> (Bool, CheckedContinuation<FetchedBlob, any Error>?) in
            switch phase {
            case .waiting:
                phase = .finished
                return (true, nil)
            case .running(let continuation):
                phase = .finished
                return (true, continuation)
            case .finished:
                // The download answered first and may be finishing the writer: leave it alone.
                return (false, nil)
            }
        }
        guard answers else { return }
        writer.discard()
        continuation?.resume(throwing: CancellationError())
    }

    /// Takes the continuation to answer with the download's outcome.
    /// - Returns: `nil` when ``cancel()`` answered first (the writer is then discarded already).
    func claim() -> CheckedContinuation<FetchedBlob, any Error>? {
        phase.withLockedValue { phase in
            defer { phase = .finished }
            if case .running(let continuation) = phase { return continuation }
            return nil
        }
    }

    /// A `.fetch` error naming the URL and host.
    func fetchError(_ what: String, reason: String, status: Int? = nil) -> MediaError {
        MediaError(
            .fetch, "could not download \(url.absoluteString) from \(url.host ?? "?"): \(what)", reason: reason,
            status: status, host: url.host)
    }

    /// The `.fetch` error for a connection ``admits`` refused: `address` is not a public one.
    func privateAddress(_ address: String) -> MediaError {
        MediaError(
            .fetch,
            "could not download \(url.absoluteString): refused to fetch from \(address): not a public address "
                + "(publicOnly)", reason: "private-address", host: url.host)
    }

    /// A `.tooLarge` error naming the URL and the limit.
    func tooLarge(_ what: String) -> MediaError {
        MediaError(
            .tooLarge,
            "could not download \(url.absoluteString): \(what); the limit is \(limits.maximumBytes) bytes",
            reason: "too-large", limit: limits.maximumBytes, host: url.host)
    }
}
