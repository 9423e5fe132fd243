import Foundation
import Testing

@testable import Media
import ToolkitTestSupport

@Suite(.serialized) struct RemoteFetcherTests {
    static let quick = FetchLimits(
        maximumBytes: 1 << 20, totalTimeout: .seconds(10), idleTimeout: .seconds(1), maximumRedirects: 3)

    @Test func aPhotoIsStagedWithItsNameAndType() async throws {
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let store = try BlobStore(root: scratch.appending("blobs"))

        let fetched = try await RemoteFetcher(store: store, limits: Self.quick).fetch(server.url("/photo.png"))

        let png = try Fixtures.bytes("tiny-24x12.png")
        #expect(fetched.staged.sha256 == BlobStoreTests.sha256Hex(png))
        #expect(fetched.staged.size == Int64(png.count))
        #expect(fetched.suggestedFilename == "rex.png")
        #expect(fetched.contentType == "image/png")
        let blob = try await store.publish(fetched.staged)
        #expect(try scratch.read(blob.path) == png)
    }

    @Test func redirectsAreFollowedUpToTheLimit() async throws {
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)

        let fetched = try await fetcher.fetch(server.url("/redirect?n=3"))
        #expect(fetched.finalURL.path == "/photo.png")
        fetched.staged.lease.release()

        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/redirect?n=4")) }
        #expect(error.code == .fetch && error.reason == "too-many-redirects", "\(error)")
        let ftp = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/redirect-ftp")) }
        #expect(ftp.code == .fetch, "\(ftp)")
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test func publicOnlyRefusesALoopbackServerWithoutConnecting() async throws {
        // Given a photo served on 127.0.0.1
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)

        // When it is fetched with publicOnly, then it is refused, naming the address, and nothing is staged
        let url = server.url("/photo.png")
        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(url, publicOnly: true) }
        #expect(error.code == .fetch && error.reason == "private-address", "\(error)")
        #expect(
            error.message == "could not download \(url.absoluteString): refused to fetch from 127.0.0.1: not a public "
                + "address (publicOnly)")
        #expect(error.host == "127.0.0.1")
        #expect(scratch.files(under: "blobs/tmp").isEmpty)

        // When it is fetched without, then it comes, and it is the only connection the server ever saw
        let fetched = try await fetcher.fetch(url)
        #expect(fetched.suggestedFilename == "rex.png")
        fetched.staged.lease.release()
        #expect(server.log == ["connect", "GET /photo.png"])
    }

    /// A name is judged by the addresses it resolves to when the connection is made, not by its spelling.
    @Test func publicOnlyRefusesANameThatResolvesToLoopback() async throws {
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)

        let url = try #require(URL(string: "http://localhost:\(server.port)/photo.png"))
        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(url, publicOnly: true) }

        #expect(error.reason == "private-address", "\(error)")
        #expect(error.host == "localhost")
        let named = ["127.0.0.1", "::1"].filter { error.message.contains("refused to fetch from \($0): ") }
        #expect(named.count == 1, "\(error.message)")
        #expect(server.log.isEmpty)
    }

    /// Every test server is on loopback, so "public" is played by 127.0.0.1 and "private" by 127.0.0.2: the
    /// check runs at the redirect's connection, not only at the URL's.
    @Test func aRedirectToAnAddressNotAdmittedIsRefusedAtThatHop() async throws {
        // Given a server on 127.0.0.1 that redirects to a photo on 127.0.0.2
        let first = try TestHTTPServer()
        let second = try TestHTTPServer(host: "127.0.0.2")
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)
        let target = second.url("/photo.png").absoluteString
        let url = first.url("/redirect-to?url=\(target)")

        // When it is fetched admitting 127.0.0.1 alone
        let error = try await #require(throws: MediaError.self) {
            try await fetcher.fetch(url, admitting: { $0 == "127.0.0.1" })
        }

        // Then the redirect's hop is refused before connecting, and nothing is staged
        #expect(error.reason == "private-address", "\(error)")
        #expect(error.message.hasSuffix("refused to fetch from 127.0.0.2: not a public address (publicOnly)"))
        #expect(first.log == ["connect", "GET /redirect-to?url=\(target)"])
        #expect(second.log.isEmpty)
        #expect(scratch.files(under: "blobs/tmp").isEmpty)

        // And admitting both, the same URL brings the photo from 127.0.0.2
        let fetched = try await fetcher.fetch(url, admitting: { $0.hasPrefix("127.0.0.") })
        #expect(fetched.finalURL.absoluteString == target)
        fetched.staged.lease.release()
        #expect(second.log == ["connect", "GET /photo.png"])
    }

    @Test func aMissingPageIsAFetchErrorWithItsStatus() async throws {
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)

        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/missing")) }

        #expect(error.code == .fetch)
        #expect(error.status == 404)
        #expect(error.host == "127.0.0.1")
        #expect(error.message.contains("404"), "\(error.message)")
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    /// 5 MB with a Content-Length, chunked, and with neither (ended by closing the connection).
    @Test(arguments: ["/big?n=5000000", "/big-chunked?n=5000000", "/big-unannounced?n=5000000"])
    func anOversizeBodyIsAbortedAndLeavesNothing(path: String) async throws {
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)

        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url(path)) }

        #expect(error.code == .tooLarge, "\(error)")
        #expect(error.limit == 1 << 20)
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test func aLyingContentLengthBringsNoMoreThanItAnnounced() async throws {
        // Given a server that announces 1,000 bytes and then sends 5 MB
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)

        // When it is fetched with a 1 MiB limit
        let fetched = try await fetcher.fetch(server.url("/lying-length?n=5000000&claim=1000"))

        // Then only the announced bytes are staged
        #expect(fetched.staged.size == 1_000)
        fetched.staged.lease.release()
    }

    @Test func cancellingADownloadAnswersAtOnceAndLeavesNothing() async throws {
        // Given a download whose body has started (its first bytes are in the temp file) and then stalls
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let limits = FetchLimits(maximumBytes: 1 << 20, totalTimeout: .seconds(60), idleTimeout: .seconds(60))
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: limits)
        let download = Task { try await fetcher.fetch(server.url("/slow-body")) }
        let deadline = ContinuousClock.now + .seconds(20)
        while Self.stagedBytes(in: scratch) < 10 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(Self.stagedBytes(in: scratch) == 10)

        // When its task is cancelled
        let start = ContinuousClock.now
        download.cancel()
        let result = await download.result

        // Then it throws CancellationError at once, and the temp file is gone
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    /// The size of the one temp file under `blobs/tmp`, or 0.
    private static func stagedBytes(in scratch: TemporaryDirectory) -> Int {
        guard let name = scratch.files(under: "blobs/tmp").first,
            let attributes = try? FileManager.default.attributesOfItem(atPath: scratch.appending("blobs/tmp/" + name))
        else { return 0 }
        return (attributes[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test(arguments: ["/slow-body", "/slow-headers"])
    func aServerThatStallsTimesOut(path: String) async throws {
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)

        let start = ContinuousClock.now
        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url(path)) }

        #expect(error.code == .fetch && error.reason == "idle-timeout", "\(error)")
        // Well before the server's 60 s stall ends (generous: the whole suite shares two cores)
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test func theTotalTimeoutCountsEvenWhileBytesArrive() async throws {
        let server = try TestHTTPServer()
        let scratch = try TemporaryDirectory()
        let limits = FetchLimits(maximumBytes: 1 << 20, totalTimeout: .milliseconds(500), idleTimeout: .seconds(10))
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: limits)
        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/slow-body")) }
        #expect(error.reason == "timeout", "\(error)")
    }

    @Test(arguments: ["ftp://127.0.0.1/x.jpg", "file:///etc/passwd", "/relative.jpg"])
    func onlyHTTPURLsAreAccepted(text: String) async throws {
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")))
        await expectCodeAsync(.invalidArgument) { try await fetcher.fetch(URL(string: text)!) }
    }

    @Test func aClosedPortIsAFetchError() async throws {
        let scratch = try TemporaryDirectory()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.appending("blobs")), limits: Self.quick)
        let error = try await #require(throws: MediaError.self) {
            try await fetcher.fetch(URL(string: "http://127.0.0.1:9/x")!)
        }
        #expect(error.code == .fetch, "\(error)")
        #expect(error.host == "127.0.0.1")
    }
}
