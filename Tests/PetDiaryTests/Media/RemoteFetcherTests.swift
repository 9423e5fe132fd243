import Foundation
import Testing

@testable import PetDiary

@Suite(.serialized) struct RemoteFetcherTests {
    static let quick = FetchLimits(
        maximumBytes: 1 << 20, totalTimeout: .seconds(10), idleTimeout: .seconds(1), maximumRedirects: 3)

    @Test func aPhotoIsStagedWithItsNameAndType() async throws {
        let server = try TestHTTPServer()
        let scratch = try Scratch()
        let store = try BlobStore(root: scratch.path("blobs"))

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
        let scratch = try Scratch()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.path("blobs")), limits: Self.quick)

        let fetched = try await fetcher.fetch(server.url("/redirect?n=3"))
        #expect(fetched.finalURL.path == "/photo.png")
        fetched.staged.lease.release()

        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/redirect?n=4")) }
        #expect(error.code == .fetch && error.reason == "too-many-redirects", "\(error)")
        let ftp = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/redirect-ftp")) }
        #expect(ftp.code == .fetch, "\(ftp)")
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test func aMissingPageIsAFetchErrorWithItsStatus() async throws {
        let server = try TestHTTPServer()
        let scratch = try Scratch()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.path("blobs")), limits: Self.quick)

        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/missing")) }

        #expect(error.code == .fetch)
        #expect(error.status == 404)
        #expect(error.host == "127.0.0.1")
        #expect(error.message.contains("404"), "\(error.message)")
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test(arguments: ["/big?n=5000000", "/big-chunked?n=5000000"])
    func anOversizeBodyIsAbortedAndLeavesNothing(path: String) async throws {
        let server = try TestHTTPServer()
        let scratch = try Scratch()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.path("blobs")), limits: Self.quick)

        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url(path)) }

        #expect(error.code == .tooLarge, "\(error)")
        #expect(error.limit == 1 << 20)
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test(arguments: ["/slow-body", "/slow-headers"])
    func aServerThatStallsTimesOut(path: String) async throws {
        let server = try TestHTTPServer()
        let scratch = try Scratch()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.path("blobs")), limits: Self.quick)

        let start = ContinuousClock.now
        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url(path)) }

        #expect(error.code == .fetch && error.reason == "idle-timeout", "\(error)")
        // Well before the server's 60 s stall ends (generous: the whole suite shares two cores)
        #expect(ContinuousClock.now - start < .seconds(30))
        #expect(scratch.files(under: "blobs/tmp").isEmpty)
    }

    @Test func theTotalTimeoutCountsEvenWhileBytesArrive() async throws {
        let server = try TestHTTPServer()
        let scratch = try Scratch()
        let limits = FetchLimits(maximumBytes: 1 << 20, totalTimeout: .milliseconds(500), idleTimeout: .seconds(10))
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.path("blobs")), limits: limits)
        let error = try await #require(throws: MediaError.self) { try await fetcher.fetch(server.url("/slow-body")) }
        #expect(error.reason == "timeout", "\(error)")
    }

    @Test(arguments: ["ftp://127.0.0.1/x.jpg", "file:///etc/passwd", "/relative.jpg"])
    func onlyHTTPURLsAreAccepted(text: String) async throws {
        let scratch = try Scratch()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.path("blobs")))
        await expectCodeAsync(.invalidArgument) { try await fetcher.fetch(URL(string: text)!) }
    }

    @Test func aClosedPortIsAFetchError() async throws {
        let scratch = try Scratch()
        let fetcher = RemoteFetcher(store: try BlobStore(root: scratch.path("blobs")), limits: Self.quick)
        let error = try await #require(throws: MediaError.self) {
            try await fetcher.fetch(URL(string: "http://127.0.0.1:9/x")!)
        }
        #expect(error.code == .fetch, "\(error)")
        #expect(error.host == "127.0.0.1")
    }
}
