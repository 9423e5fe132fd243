import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing
import ToolkitTestSupport

@testable import ToolkitWeb

/// `/media` answered on the connection (``MediaFastPath``) in NIO's own HTTP/1.1 pipeline on an embedded channel:
/// which requests it answers, with which bytes on the wire, and which it passes on to the router untouched.
struct MediaFastPathTests {
    /// A data directory with a small blob (a thumbnail) and a large one (a video), the core's answers for both
    /// kept as `/media` keeps them, and a connection whose pipeline is the server's.
    final class Connection {
        let directory: TemporaryDirectory
        let small: [UInt8] = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let large: [UInt8] = (0..<(400 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        let smallHash = String(repeating: "a", count: 64)
        let largeHash = String(repeating: "b", count: 64)
        let access = WebAccess(token: .random())
        let channel = EmbeddedChannel()

        init(sendsFiles: Bool = true) async throws {
            directory = try TemporaryDirectory()
            try directory.write("blobs/sha256/aa/\(smallHash)", small)
            try directory.write("blobs/sha256/bb/\(largeHash)", large)
            let lookups = MediaLookups(lifetime: .seconds(600))
            let (small, large) = (smallHash, largeHash)
            _ = try await lookups.file(.init(route: .thumbnail, id: "p1", size: 256)) {
                MediaFile(sha256: small, mediaType: "image/jpeg")
            }
            _ = try await lookups.file(.init(route: .video, id: "v1")) {
                MediaFile(sha256: large, mediaType: "video/mp4")
            }
            let rules = MediaFastPath.Rules(
                hostRule: HostRule(listen: ListenAddress(host: "127.0.0.1", port: 8737), names: []), access: access,
                lookups: lookups, smallBlobs: SmallBlobs(), dataDirectory: directory.path, sendsFiles: sendsFiles)
            try channel.pipeline.syncOperations.addHandlers([
                HTTPResponseEncoder(), HTTP1ToHTTPServerCodec(secure: false), MediaFastPath(rules: rules),
            ])
        }

        var bearer: String { "Bearer \(access.token.text)" }

        /// Sends a request's head and end as the HTTP/1.1 decoder hands them on.
        func request(
            _ target: String, method: HTTPMethod = .GET, host: String = "127.0.0.1:8737",
            _ headers: [(String, String)] = []
        ) throws {
            var fields = HTTPHeaders([("Host", host)])
            fields.add(contentsOf: headers)
            try channel.writeInbound(
                HTTPServerRequestPart.head(.init(version: .http1_1, method: method, uri: target, headers: fields)))
            try channel.writeInbound(HTTPServerRequestPart.end(nil))
        }

        /// The requests' heads that reached the router's end of the pipeline.
        func passedOn() throws -> [String] {
            var paths: [String] = []
            while let part = try channel.readInbound(as: HTTPRequestPart.self) {
                if case .head(let head) = part { paths.append(head.path ?? "") }
            }
            return paths
        }

        /// What went out on the wire: the bytes, with a file region's bytes read from its file.
        func wire() throws -> [UInt8] {
            var bytes: [UInt8] = []
            while let data = try channel.readOutbound(as: IOData.self) {
                switch data {
                case .byteBuffer(let buffer): bytes += buffer.readableBytesView
                case .fileRegion(let region): bytes += try read(region)
                }
            }
            return bytes
        }

        private func read(_ region: FileRegion) throws -> [UInt8] {
            try region.fileHandle.withUnsafeFileDescriptor { descriptor in
                var bytes = [UInt8](repeating: 0, count: region.readableBytes)
                let count = bytes.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress, region.readableBytes, off_t(region.readerIndex))
                }
                return Array(bytes.prefix(max(count, 0)))
            }
        }
    }

    /// The head's lines and the body of one response in `wire`.
    private func split(_ wire: [UInt8]) throws -> (head: [String], body: [UInt8]) {
        let end = try #require(wire.indices.first { Array(wire[$0...].prefix(4)) == Array("\r\n\r\n".utf8) })
        return (
            String(decoding: wire[..<end], as: UTF8.self).components(separatedBy: "\r\n"), Array(wire[(end + 4)...])
        )
    }

    @Test func aKeptThumbnailIsAnsweredOnTheConnectionWithTheRoutersHeaders() async throws {
        let connection = try await Connection()
        try connection.request("/media/photos/p1/thumbnail?size=256", [("Authorization", connection.bearer)])
        #expect(try connection.passedOn().isEmpty)
        let (head, body) = try split(try connection.wire())
        #expect(head.first == "HTTP/1.1 200 OK")
        let expected = [
            "Content-Type: image/jpeg", "ETag: \"\(connection.smallHash)\"", "Accept-Ranges: bytes",
            "Cache-Control: private, max-age=31536000, immutable", "Content-Length: 5000",
            "Content-Security-Policy: \(SecurityHeadersMiddleware.contentSecurityPolicy)",
            "Referrer-Policy: no-referrer", "X-Content-Type-Options: nosniff", "X-Frame-Options: DENY",
        ]
        for line in expected { #expect(head.contains(line), "\(line)") }
        #expect(head.contains { $0.hasPrefix("Date: ") && $0.hasSuffix(" GMT") })
        #expect(body == connection.small)

        // HEAD: the same head, no body; If-None-Match with the ETag: 304.
        try connection.request(
            "/media/photos/p1/thumbnail?size=256", method: .HEAD, [("Authorization", connection.bearer)])
        let headOnly = try split(try connection.wire())
        #expect(headOnly.head.contains("Content-Length: 5000") && headOnly.body.isEmpty)
        try connection.request(
            "/media/photos/p1/thumbnail?size=256",
            [("Authorization", connection.bearer), ("If-None-Match", "\"\(connection.smallHash)\"")])
        #expect(try split(try connection.wire()).head.first == "HTTP/1.1 304 Not Modified")
        #expect(try connection.passedOn().isEmpty)
    }

    @Test func aSessionCookieIsAcceptedAsTheTokenIs() async throws {
        let connection = try await Connection()
        let session = connection.access.sessions.open()
        try connection.request(
            "/media/photos/p1/thumbnail?size=256", [("Cookie", "theme=dark; \(WebAccess.cookieName)=\(session)")])
        #expect(try connection.passedOn().isEmpty)
        #expect(try split(try connection.wire()).body == connection.small)
    }

    @Test func whatItCannotAnswerAsTheRouterWouldGoesToTheRouterUntouched() async throws {
        let connection = try await Connection()
        let bearer = ("Authorization", connection.bearer)
        let thumbnail = "/media/photos/p1/thumbnail?size=256"
        try connection.request(thumbnail)  // no credential
        try connection.request(thumbnail, [("Authorization", "Bearer " + String(repeating: "0", count: 64))])
        try connection.request(thumbnail, [("Cookie", "\(WebAccess.cookieName)=\(String(repeating: "1", count: 64))")])
        try connection.request(thumbnail, host: "evil.example:8737", [bearer])  // DNS rebinding
        try connection.request("/media/photos/p1/thumbnail?size=128", [bearer])  // not kept
        try connection.request("/media/photos/p2/thumbnail?size=256", [bearer])  // not kept
        try connection.request("/media/photos/p1/thumbnail?size=256&x=1", [bearer])
        try connection.request("/media/photos/p%31/thumbnail?size=256", [bearer])
        try connection.request("/media/photos/p1/thumbnail/?size=256", [bearer])
        try connection.request(thumbnail, method: .POST, [bearer])
        try connection.request(thumbnail, [bearer, ("Connection", "close")])
        #expect(try connection.wire().isEmpty)
        #expect(try connection.passedOn().count == 11)
        // Wrong tokens are counted by the router alone, which is where they went.
        #expect(!connection.access.failedTries.isBlocked("unknown"))
    }

    @Test func aRangeOfALargeFileGoesToTheSocketAsAFileRegion() async throws {
        let connection = try await Connection()
        try connection.request(
            "/media/photos/v1/video", [("Authorization", connection.bearer), ("Range", "bytes=1000-1999")])
        #expect(try connection.passedOn().isEmpty)
        var sawRegion = false
        var wire: [UInt8] = []
        while let data = try connection.channel.readOutbound(as: IOData.self) {
            switch data {
            case .byteBuffer(let buffer): wire += buffer.readableBytesView
            case .fileRegion(let region):
                sawRegion = true
                #expect(region.readerIndex == 1000 && region.endIndex == 2000)
                wire += connection.large[1000..<2000]
            }
        }
        #expect(sawRegion)
        let (head, body) = try split(wire)
        #expect(head.first == "HTTP/1.1 206 Partial Content")
        #expect(head.contains("Content-Range: bytes 1000-1999/409600") && head.contains("Content-Length: 1000"))
        #expect(body == Array(connection.large[1000..<2000]))

        // A range past the end: 416 with the length, on the connection too.
        try connection.request(
            "/media/photos/v1/video", [("Authorization", connection.bearer), ("Range", "bytes=500000-")])
        let refused = try split(try connection.wire())
        #expect(refused.head.first == "HTTP/1.1 416 Range Not Satisfiable")
        #expect(refused.head.contains("Content-Range: bytes */409600"))
    }

    @Test func underTLSAFileGoesToTheRouterWhichSendsItsBytes() async throws {
        let connection = try await Connection(sendsFiles: false)
        // A small blob is bytes in memory, which TLS takes: answered.
        try connection.request("/media/photos/p1/thumbnail?size=256", [("Authorization", connection.bearer)])
        #expect(try split(try connection.wire()).body == connection.small)
        try connection.request("/media/photos/v1/video", [("Authorization", connection.bearer)])
        #expect(try connection.wire().isEmpty)
        #expect(try connection.passedOn() == ["/media/photos/v1/video"])
    }

    @Test func whileTheRouterOwesAnAnswerTheNextRequestsWaitForItInOrder() async throws {
        let connection = try await Connection()
        let bearer = ("Authorization", connection.bearer)
        try connection.request("/media/photos/p2/thumbnail?size=256", [bearer])  // the router's
        try connection.request("/media/photos/p1/thumbnail?size=256", [bearer])  // could be answered here
        #expect(try connection.wire().isEmpty)
        #expect(try connection.passedOn().count == 2)
        // The router answers both, in turn.
        for status in [HTTPResponse.Status.notFound, .ok] {
            try connection.channel.writeOutbound(
                HTTPResponsePart.head(.init(status: status, headerFields: [.contentLength: "0"])))
            try connection.channel.writeOutbound(HTTPResponsePart.end(nil))
        }
        _ = try connection.wire()
        // Owed nothing, the connection answers again.
        try connection.request("/media/photos/p1/thumbnail?size=256", [bearer])
        #expect(try connection.passedOn().isEmpty)
        #expect(try split(try connection.wire()).body == connection.small)
    }
}
