import CCurlShim
import Foundation

/// One download run by libcurl: sets the options that enforce the job's ``FetchLimits``, runs the blocking
/// `curl_easy_perform`, streams the body into the job's ``BlobWriter`` from curl's callbacks, and answers
/// the ``FetchJob`` with the staged blob or an error.
///
/// Not `Sendable`: it is made, run and released on the download's own thread, and libcurl calls the
/// callbacks on that thread from inside `curl_easy_perform`, so its state needs no lock. What other
/// threads touch (the cancel flag, the writer, the continuation) lives in the job.
final class CurlDownload {
    private let job: FetchJob
    /// The response being read; after the transfer, the last one (redirects are behind it).
    private var head = ResponseHead()
    /// When the transfer started.
    private var started = ContinuousClock.now
    /// When a header line or body bytes last arrived (or the transfer started).
    private var lastActivity = ContinuousClock.now
    /// Why a callback stopped the transfer, when one did.
    private var failure: (any Error)?
    /// Whether the first body bytes were seen (and the status checked).
    private var bodyStarted = false
    /// The last address the job's ``FetchJob/admits`` refused to connect to, if it refused one.
    private var refusedAddress: String?

    init(job: FetchJob) {
        self.job = job
    }

    /// Runs the download to its end and answers the job, unless cancellation answered first. Blocks:
    /// run it on a thread of its own, never on Swift's cooperative pool.
    func run() {
        let outcome = Result { try download() }
        guard let continuation = job.claim() else { return }
        do {
            let response = try outcome.get()
            let staged = try job.writer.finish()
            continuation.resume(
                returning: FetchedBlob(
                    staged: staged, suggestedFilename: response.filename, contentType: response.contentType,
                    finalURL: response.finalURL))
        } catch {
            job.writer.discard()
            continuation.resume(throwing: error)
        }
    }

    /// What the last response said about the body.
    private struct Response {
        var filename: String?
        var contentType: String?
        var finalURL: URL
    }

    private func download() throws -> Response {
        if let problem = CurlRuntime.start() {
            throw job.fetchError("libcurl could not be loaded: \(problem)", reason: "curl-unavailable")
        }
        guard let easy = CurlEasy() else {
            throw job.fetchError("libcurl could not start a transfer", reason: "curl-init")
        }
        // The callbacks get `self` as an unretained pointer. That is safe because libcurl calls them only
        // from inside `easy.perform()` below, while this method of `self` runs, and `easy` (which holds the
        // pointer) is freed when this method returns.
        let context = Unmanaged.passUnretained(self).toOpaque()
        let options = configure(easy) + setCallbacks(easy, context: context) + checkAddresses(easy, context: context)
        let refused = options.first { $0 != CURLE_OK }
        if let refused {
            throw job.fetchError("libcurl refused an option: \(easy.message(for: refused))", reason: "curl-setup")
        }
        started = .now
        lastActivity = started
        let code = withExtendedLifetime(self) { easy.perform() }
        return try response(after: code, of: easy)
    }

    /// Sets the request and the limits: only http and https (redirects too), redirects followed up to the
    /// limit, the size limit on an announced length, the total timeout, the idle timeout for connecting,
    /// no signals (this is one thread of many), and no `.netrc`. libcurl keeps no cookies unless given a
    /// cookie file and sends no credentials but those written in the URL itself (and not to another host).
    private func configure(_ easy: CurlEasy) -> [toolkit_curl_code] {
        let limits = job.limits
        let total = Self.milliseconds(limits.totalTimeout)
        return [
            easy.set(CURLOPT_URL, job.url.absoluteString),
            easy.set(CURLOPT_PROTOCOLS_STR, "http,https"),
            easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            easy.set(CURLOPT_FOLLOWLOCATION, 1),
            easy.set(CURLOPT_MAXREDIRS, max(0, limits.maximumRedirects)),
            easy.set(CURLOPT_MAXFILESIZE_LARGE, limits.maximumBytes),
            easy.set(CURLOPT_TIMEOUT_MS, total),
            easy.set(CURLOPT_CONNECTTIMEOUT_MS, min(total, Self.milliseconds(limits.idleTimeout))),
            easy.set(CURLOPT_NOSIGNAL, 1),
            easy.set(CURLOPT_NETRC, 0),  // CURL_NETRC_IGNORED
            easy.set(CURLOPT_USERAGENT, "toolkit"),
            easy.setHeaders(["Accept: image/*, video/*;q=0.9, */*;q=0.5"]),
        ]
    }

    /// The outcome of a finished `curl_easy_perform`.
    private func response(after code: toolkit_curl_code, of easy: CurlEasy) throws -> Response {
        if job.isCancelled { throw CancellationError() }
        if let failure { throw failure }
        // No address of the host was admitted (or, past a refused one, none could be reached).
        if code == CURLE_COULDNT_CONNECT, let refusedAddress { throw job.privateAddress(refusedAddress) }
        let status = easy.responseCode
        switch code {
        case CURLE_OK:
            guard (200..<300).contains(status) else { throw statusError(status) }
            let finalURL = easy.effectiveURL.flatMap { URL(string: $0) } ?? job.url
            let last = finalURL.lastPathComponent
            return Response(
                filename: head.suggestedFilename ?? (last.isEmpty || last == "/" ? nil : last),
                contentType: head.contentType, finalURL: finalURL)
        case CURLE_FILESIZE_EXCEEDED:
            guard (200..<300).contains(status) else { throw statusError(status) }
            let announced = easy.announcedLength.map { "the server announced \($0) bytes" }
            throw job.tooLarge(announced ?? "the body passed the limit")
        case CURLE_OPERATION_TIMEDOUT:
            // CURLOPT_TIMEOUT_MS ends the transfer at the total timeout; CURLOPT_CONNECTTIMEOUT_MS, earlier, is
            // the idle timeout while connecting, so once anything has arrived it was the total one (libcurl's
            // clock may call the total timeout a few milliseconds before ours has seen it pass).
            if ContinuousClock.now - started >= job.limits.totalTimeout || lastActivity > started {
                throw job.fetchError("it took longer than \(job.limits.totalTimeout)", reason: "timeout")
            }
            throw job.fetchError("nothing arrived for \(job.limits.idleTimeout)", reason: "idle-timeout")
        case CURLE_TOO_MANY_REDIRECTS:
            throw job.fetchError(
                "it redirected more than \(job.limits.maximumRedirects) times", reason: "too-many-redirects")
        case CURLE_UNSUPPORTED_PROTOCOL:
            // The URL itself was checked to be http(s), so a redirect led elsewhere.
            throw job.fetchError(
                "it redirected to a URL that is not http or https (\(easy.message(for: code)))", reason: "bad-redirect")
        default:
            throw job.fetchError(easy.message(for: code), reason: "curl-\(code.rawValue)")
        }
    }

    private func statusError(_ status: Int) -> MediaError {
        let reason = head.status == status && !head.reason.isEmpty ? " \(head.reason)" : ""
        return job.fetchError("the server answered \(status)\(reason)", reason: "http-\(status)", status: status)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let total = seconds.multipliedReportingOverflow(by: 1000)
        // 0 would mean "no timeout" to libcurl.
        return total.overflow ? Int.max : max(1, Int(total.partialValue + attoseconds / 1_000_000_000_000_000))
    }

    // MARK: - Callbacks, called by libcurl on this thread from inside `curl_easy_perform`

    /// Points libcurl's body, header and progress callbacks at `context` (this download, unretained).
    private func setCallbacks(_ easy: CurlEasy, context: UnsafeMutableRawPointer) -> [toolkit_curl_code] {
        easy.setCallbacks(
            context: context,
            body: { bytes, _, count, context in
                CurlDownload.from(context).received(body: UnsafeRawBufferPointer(start: bytes, count: count))
            },
            header: { bytes, _, count, context in
                CurlDownload.from(context).received(header: UnsafeRawBufferPointer(start: bytes, count: count))
            },
            progress: { context, _, _, _, _ in
                CurlDownload.from(context).tick()
            })
    }

    /// With ``FetchJob/admits`` set: no proxy, and the address of every connection checked before it is
    /// made (the URL's host, each redirect's, each address a name resolves to), so neither a redirect nor a
    /// name that resolves elsewhere at fetch time gets past it. A proxy would be the address checked.
    private func checkAddresses(_ easy: CurlEasy, context: UnsafeMutableRawPointer) -> [toolkit_curl_code] {
        guard job.admits != nil else { return [] }
        return [
            easy.set(CURLOPT_PROXY, ""),
            easy.setAddressCheck(context: context) { context, address in
                CurlDownload.from(context).mayConnect(to: String(cString: address!)) ? 0 : 1
            },
        ]
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> CurlDownload {
        Unmanaged<CurlDownload>.fromOpaque(context!).takeUnretainedValue()
    }

    private func noteActivity() {
        lastActivity = .now
    }

    /// Body bytes: checks the status on the first ones, then writes them to the blob. Returns how many
    /// were taken; anything short of `body.count` makes libcurl abort the transfer.
    private func received(body: UnsafeRawBufferPointer) -> Int {
        noteActivity()
        if job.isCancelled { return 0 }
        if !bodyStarted {
            bodyStarted = true
            // Redirects' bodies never come here, so this is the last response: refuse an error page.
            if let status = head.status, !(200..<300).contains(status) {
                failure = statusError(status)
                return 0
            }
        }
        do {
            try job.writer.write(body)
            return body.count
        } catch let error as MediaError where error.code == .tooLarge {
            // A body of unannounced length (chunked, or ended by closing): the writer stops at the limit.
            // libcurl itself reads no more than a Content-Length announces.
            failure = job.tooLarge("the body passed the limit")
        } catch {
            failure = error
        }
        return 0
    }

    /// Whether the job admits a connection to `address`; remembers it when not.
    private func mayConnect(to address: String) -> Bool {
        if job.admits?(address) ?? true { return true }
        refusedAddress = address
        return false
    }

    /// One header or status line.
    private func received(header line: UnsafeRawBufferPointer) -> Int {
        noteActivity()
        if job.isCancelled { return 0 }
        head.take(line: String(decoding: line, as: UTF8.self))
        return line.count
    }

    /// libcurl's progress tick: often while bytes move, about once a second while they do not. Returns
    /// non-zero to abort the transfer: on cancellation, or when nothing arrived for the idle timeout
    /// (so an idle timeout fires up to about a second late).
    private func tick() -> Int32 {
        if job.isCancelled { return 1 }
        if ContinuousClock.now - lastActivity >= job.limits.idleTimeout {
            failure = job.fetchError("nothing arrived for \(job.limits.idleTimeout)", reason: "idle-timeout")
            return 1
        }
        return 0
    }
}
