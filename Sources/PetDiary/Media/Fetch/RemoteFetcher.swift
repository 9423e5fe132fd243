import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads a photo or video from an http(s) URL straight into the blob store, with a size limit,
/// a total and an idle timeout, and a redirect limit.
///
/// It uses Foundation's `URLSession` (libcurl on Linux): no cookies, no cache, no credentials. The
/// body streams into a ``BlobWriter`` on the session's delegate queue and is hashed as it arrives; a
/// body that passes the limit (or a `Content-Length` that announces one) aborts at once.
package struct RemoteFetcher: Sendable {
    /// The blob store the body is staged in.
    package let store: BlobStore
    /// The bounds on each download.
    package let limits: FetchLimits

    /// Makes a fetcher.
    package init(store: BlobStore, limits: FetchLimits = FetchLimits()) {
        self.store = store
        self.limits = limits
    }

    /// Downloads `url` into a staged blob.
    /// - Throws: `MediaError.invalidArgument` for a URL that is not http or https,
    ///   `MediaError.fetch` for an HTTP error status (with `status`), a timeout, too many redirects or a
    ///   network failure (with `host`), `MediaError.tooLarge` past ``FetchLimits/maximumBytes``,
    ///   `CancellationError` when the task is cancelled.
    package func fetch(_ url: URL) async throws -> FetchedBlob {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw MediaError(
                .invalidArgument, "\(url.absoluteString) is not an http or https URL; only those can be imported",
                reason: "bad-scheme", host: url.host)
        }
        let writer = try await BlockingIO.run { [store, limits] in try store.makeWriter(limit: limits.maximumBytes) }
        let delegate = FetchDelegate(url: url, writer: writer, limits: limits)
        let session = URLSession(
            configuration: Self.sessionConfiguration(limits), delegate: delegate, delegateQueue: Self.delegateQueue())
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.setValue("image/*, video/*;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)

        let watchdog = Task { [limits] in
            let clock = ContinuousClock()
            let deadline = clock.now + limits.totalTimeout
            while !Task.isCancelled {
                let now = clock.now
                if now >= deadline {
                    delegate.fail(delegate.fetchError("it took longer than \(limits.totalTimeout)", reason: "timeout"))
                    task.cancel()
                    return
                }
                let idleSince = delegate.lastActivity
                if now - idleSince >= limits.idleTimeout {
                    delegate.fail(
                        delegate.fetchError("nothing arrived for \(limits.idleTimeout)", reason: "idle-timeout"))
                    task.cancel()
                    return
                }
                let next = min(deadline, idleSince + limits.idleTimeout)
                try? await clock.sleep(until: next)
            }
        }
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.attach(continuation)
                task.resume()
            }
        } onCancel: {
            delegate.fail(CancellationError())
            task.cancel()
        }
    }

    private static func sessionConfiguration(_ limits: FetchLimits) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        // The watchdog enforces the real limits; these are a backstop.
        configuration.timeoutIntervalForRequest = seconds(limits.idleTimeout) + 1
        configuration.timeoutIntervalForResource = seconds(limits.totalTimeout) + 1
        return configuration
    }

    private static func delegateQueue() -> OperationQueue {
        let queue = OperationQueue()
        queue.name = "PetDiary.fetch"
        queue.maxConcurrentOperationCount = 1
        return queue
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
