package import Foundation

/// Downloads a photo or video from an http(s) URL straight into the blob store, with a size limit,
/// a total and an idle timeout, and a redirect limit, and on request only from public addresses.
///
/// It uses libcurl, loaded on the first download (see `CCurlShim`): no cookies, no cache, no `.netrc`, only
/// http and https (redirects included). Each download runs `curl_easy_perform` on a thread of its own,
/// since it blocks for as long as the download takes, and its body streams into a ``BlobWriter`` there,
/// hashed as it arrives; a `Content-Length` past the limit, or a body that passes it, aborts at once.
package struct RemoteFetcher: Sendable {
    /// The blob store the body is staged in.
    package let store: BlobStore
    /// The bounds on each download.
    package let limits: FetchLimits

    /// Makes a fetcher.
    /// - Parameters:
    ///   - store: The blob store the bodies are staged in.
    ///   - limits: The bounds on each download.
    package init(store: BlobStore, limits: FetchLimits = FetchLimits()) {
        self.store = store
        self.limits = limits
    }

    /// Downloads `url` into a staged blob. Cancelling the task stops the download at once and deletes what
    /// was staged.
    /// - Parameters:
    ///   - url: An http or https URL.
    ///   - publicOnly: Connect only to public addresses (see ``PublicAddress``): every connection is checked
    ///     before it is made, the URL's host, each redirect's and each address a name resolves to, and no
    ///     proxy is used (the check would judge the proxy's address, not the server's).
    /// - Throws: `MediaError.invalidArgument` for a URL that is not http or https,
    ///   `MediaError.fetch` for an HTTP error status (with `status`), a timeout (reason `timeout` or
    ///   `idle-timeout`), too many redirects, a redirect away from http(s), an address refused by
    ///   `publicOnly` (reason `private-address`), a network failure or a missing libcurl (with `host`),
    ///   `MediaError.tooLarge` past ``FetchLimits/maximumBytes``, `CancellationError` when the task is cancelled.
    package func fetch(_ url: URL, publicOnly: Bool = false) async throws -> FetchedBlob {
        try await fetch(url, admitting: publicOnly ? PublicAddress.isPublic : nil)
    }

    /// Downloads `url`, connecting only to the addresses `admits` allows (any, when it is `nil`).
    func fetch(_ url: URL, admitting admits: (@Sendable (String) -> Bool)?) async throws -> FetchedBlob {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw MediaError(
                .invalidArgument, "\(url.absoluteString) is not an http or https URL; only those can be imported",
                reason: "bad-scheme", host: url.host)
        }
        let writer = try await BlockingIO.run { [store, limits] in try store.makeWriter(limit: limits.maximumBytes) }
        let job = FetchJob(url: url, limits: limits, writer: writer, admits: admits)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard job.attach(continuation) else { return }
                // A thread per download rather than BlockingIO's pool: a download may take minutes, and
                // would hold one of the few threads that every file read and thumbnail waits for.
                let thread = Thread { CurlDownload(job: job).run() }
                thread.name = "PetDiary.fetch"
                thread.start()
            }
        } onCancel: {
            job.cancel()
        }
    }
}
