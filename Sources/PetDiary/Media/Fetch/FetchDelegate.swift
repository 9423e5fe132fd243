import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Streams one `URLSession` data task into a ``BlobWriter``, enforcing the size and redirect limits, and
/// resumes the caller once with the staged blob or a ``MediaError``.
///
/// `URLSession` calls it on its own serial delegate queue (not the cooperative pool), where the
/// blocking disk writes are fine. The state lives in a `Mutex` because the watchdog and cancellation
/// call ``fail(_:)`` from other threads.
final class FetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var continuation: CheckedContinuation<FetchedBlob, any Error>?
        var writer: BlobWriter?
        var response: HTTPURLResponse?
        var redirects = 0
        var lastActivity = ContinuousClock.now
        var finished = false
    }

    private let state: Mutex<State>
    private let limits: FetchLimits
    private let url: URL

    init(url: URL, writer: BlobWriter, limits: FetchLimits) {
        self.url = url
        self.limits = limits
        self.state = Mutex(State(writer: writer))
    }

    /// Sets the continuation to resume (before the task starts).
    func attach(_ continuation: CheckedContinuation<FetchedBlob, any Error>) {
        let finishedEarly = state.withLock { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            return false
        }
        if finishedEarly { continuation.resume(throwing: CancellationError()) }
    }

    /// When bytes, headers or a redirect last arrived.
    var lastActivity: ContinuousClock.Instant { state.withLock { $0.lastActivity } }

    /// Ends the download with `error` (once; later calls are ignored) and deletes the temp file.
    func fail(_ error: any Error) {
        let (continuation, writer) = state.withLock {
            state -> (CheckedContinuation<FetchedBlob, any Error>?, BlobWriter?) in
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            defer { (state.continuation, state.writer) = (nil, nil) }
            return (state.continuation, state.writer)
        }
        writer?.discard()
        continuation?.resume(throwing: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let redirects = state.withLock { state in
            state.redirects += 1
            state.lastActivity = .now
            return state.redirects
        }
        let scheme = request.url?.scheme?.lowercased()
        if redirects > limits.maximumRedirects {
            fail(fetchError("it redirected more than \(limits.maximumRedirects) times", reason: "too-many-redirects"))
            completionHandler(nil)
            task.cancel()
        } else if scheme != "http" && scheme != "https" {
            fail(fetchError("it redirected to a non-HTTP URL (\(scheme ?? "none"))", reason: "bad-redirect"))
            completionHandler(nil)
            task.cancel()
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(fetchError("the server's answer is not HTTP", reason: "not-http"))
            return completionHandler(.cancel)
        }
        guard (200..<300).contains(http.statusCode) else {
            let text = HTTPURLResponse.localizedString(forStatusCode: http.statusCode)
            fail(
                fetchError(
                    "the server answered \(http.statusCode) \(text)", reason: "http-\(http.statusCode)",
                    status: http.statusCode))
            return completionHandler(.cancel)
        }
        if http.expectedContentLength > limits.maximumBytes {
            fail(tooLarge("the server announced \(http.expectedContentLength) bytes"))
            return completionHandler(.cancel)
        }
        state.withLock { state in
            state.response = http
            state.lastActivity = .now
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let writer = state.withLock { state -> BlobWriter? in
            state.lastActivity = .now
            return state.writer
        }
        guard let writer else { return }
        do {
            try data.withUnsafeBytes { try writer.write($0) }
        } catch let error as MediaError where error.code == .tooLarge {
            fail(tooLarge("the body passed the limit"))
            dataTask.cancel()
        } catch {
            fail(error)
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            return fail(mapped(error))
        }
        let taken = state.withLock {
            state -> (CheckedContinuation<FetchedBlob, any Error>?, BlobWriter?, HTTPURLResponse?) in
            guard !state.finished else { return (nil, nil, nil) }
            state.finished = true
            defer { (state.continuation, state.writer) = (nil, nil) }
            return (state.continuation, state.writer, state.response)
        }
        guard let continuation = taken.0, let writer = taken.1 else { return }
        do {
            let staged = try writer.finish()
            let response = taken.2
            let contentType = (response?.value(forHTTPHeaderField: "Content-Type"))
                .flatMap { $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }
            continuation.resume(
                returning: FetchedBlob(
                    staged: staged, suggestedFilename: response?.suggestedFilename, contentType: contentType,
                    finalURL: response?.url ?? url))
        } catch {
            writer.discard()
            continuation.resume(throwing: error)
        }
    }

    private func mapped(_ error: any Error) -> any Error {
        if error is MediaError { return error }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut:
                return fetchError("it stopped answering", reason: "timeout", underlying: urlError)
            case .cancelled:
                return CancellationError()
            default:
                return fetchError(
                    urlError.localizedDescription, reason: "url-error-\(urlError.code.rawValue)", underlying: urlError)
            }
        }
        return fetchError("\(error)", reason: "transport")
    }

    /// A `.fetch` error naming the URL and host.
    func fetchError(_ what: String, reason: String, status: Int? = nil, underlying: (any Error & Sendable)? = nil)
        -> MediaError
    {
        MediaError(
            .fetch, "could not download \(url.absoluteString) from \(url.host ?? "?"): \(what)", reason: reason,
            status: status, host: url.host, underlying: underlying)
    }

    private func tooLarge(_ what: String) -> MediaError {
        MediaError(
            .tooLarge,
            "could not download \(url.absoluteString): \(what); the limit is \(limits.maximumBytes) bytes",
            reason: "too-large", limit: limits.maximumBytes, host: url.host)
    }
}
