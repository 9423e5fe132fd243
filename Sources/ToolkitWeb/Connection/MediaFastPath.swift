#if canImport(Glibc)
import Glibc
#endif
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Answers a `/media` request on the connection itself when everything it needs is at hand: the `Host` allowed,
/// a credential the app accepts, and the core's answer for the record still kept (``MediaLookups``). The answer
/// is ``MediaAnswer``'s, as the router's is, with the security headers and a `Date`; a file's bytes go from the
/// page cache to the socket with `sendfile` (a `FileRegion`), never through memory. Anything else (a refusal to
/// make, a record to look up, an error) goes on to Hummingbird's router unchanged, which answers it as the rules
/// say: this handler only ever answers what the router would answer the same way.
///
/// Why it exists: a request through Hummingbird's responder costs a task and an async iteration, so even an app of
/// one route serving fixed bytes reaches only part of nginx's rate for small files here, and Hummingbird sends
/// a file only as chunks read into memory (Benchmarks/web/run.sh with `--floor`; Benchmarks/notes/2026-11-29-why.md,
/// `/media` on the connection).
///
/// It sits after Hummingbird's connection state handler, so that handler sees every request and answer (its idle
/// time-out and graceful shutdown count them), and before the router's async channel. While a request passed on
/// has not been answered, the next ones are passed on too, so answers leave in the order the requests came.
final class MediaFastPath: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What the handler needs of the app; the router's middleware and routes hold the same.
    struct Rules: Sendable {
        let hostRule: HostRule
        let access: WebAccess
        let lookups: MediaLookups
        let smallBlobs: SmallBlobs
        let dataDirectory: String
        /// Whether a file may go to the socket with `sendfile`: not under TLS, whose handler needs the bytes.
        let sendsFiles: Bool
    }

    /// A request this handler answers, read to its end before the answer goes.
    private struct Taken {
        let answer: MediaAnswer
        /// The file's descriptor, opened when the request was taken, for `.file` bodies.
        let file: NIOFileHandle?
    }

    private let rules: Rules
    private var date = HTTPDate()
    private var taken: Taken?
    /// Requests passed on whose answers have not ended.
    private var passedOn = 0
    /// The file being sent. Until it is all written, the answer's end waits (so that Hummingbird's idle time-out
    /// and graceful shutdown count the request as in progress however long a slow client takes) and so does
    /// whatever the client sends next: a client that asks for many files and reads none holds one descriptor.
    private var sending: NIOFileHandle?
    /// What the client sent while a file was being sent, in order.
    private var held = CircularBuffer<HTTPRequestPart>()
    /// Whether a read was asked for while a file was being sent.
    private var readHeld = false
    /// Where a file region is written: below the HTTP types codec, whose bodies are bytes only.
    private var codec: ChannelHandlerContext?
    private var remoteAddress = "unknown"
    /// Set once the pipeline let go of the handler: a file's write that completes later only closes the file.
    private var removed = false

    init(rules: Rules) {
        self.rules = rules
    }

    func handlerAdded(context: ChannelHandlerContext) {
        codec = try? context.pipeline.syncOperations.context(handlerType: HTTP1ToHTTPServerCodec.self)
        remoteAddress = context.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // A file being sent is NIO's until its write completes (which it does, failed, when the channel closes).
        try? taken?.file?.close()
        taken = nil
        removed = true
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        if sending != nil {
            held.append(part)
        } else {
            handle(part, context)
        }
    }

    func read(context: ChannelHandlerContext) {
        if sending != nil {
            readHeld = true
        } else {
            context.read()
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { passedOn = max(0, passedOn - 1) }
        context.write(data, promise: promise)
    }

    private func handle(_ part: HTTPRequestPart, _ context: ChannelHandlerContext) {
        switch part {
        case .head(let head):
            if passedOn == 0, context.channel.isWritable, let taken = take(head) {
                self.taken = taken
                return
            }
            passedOn += 1
            context.fireChannelRead(wrapInboundOut(part))
        case .body:
            if taken == nil { context.fireChannelRead(wrapInboundOut(part)) }
        case .end:
            guard let taken else { return context.fireChannelRead(wrapInboundOut(part)) }
            self.taken = nil
            send(taken, context)
        }
    }

    /// The answer to `head` when this handler can give it; nil passes the request on.
    private func take(_ head: HTTPRequest) -> Taken? {
        guard head.method == .get || head.method == .head, let target = head.path, target.hasPrefix("/media/"),
            let key = MediaLookups.Key(target: target),
            head.headerFields[.connection]?.lowercased().contains("close") != true,
            rules.hostRule.allows(head.authority ?? head.headerFields[.host]),
            rules.access.admits(head.headerFields, from: remoteAddress),
            let file = rules.lookups.kept(key),
            let answer = try? MediaAnswer(
                for: file, method: head.method, requestHeaders: head.headerFields,
                dataDirectory: rules.dataDirectory, smallBlobs: rules.smallBlobs)
        else { return nil }
        guard case .file(let path, _) = answer.body else { return Taken(answer: answer, file: nil) }
        guard rules.sendsFiles, codec != nil else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        // FileRegion, NIO's only way to sendfile, takes a NIOFileHandle.
        return Taken(answer: answer, file: NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: descriptor))
    }

    private func send(_ taken: Taken, _ context: ChannelHandlerContext) {
        var headers = taken.answer.headers
        headers.append(contentsOf: SecurityHeadersMiddleware.headers)
        headers[.date] = date.now()
        context.write(
            wrapOutboundOut(.head(HTTPResponse(status: taken.answer.status, headerFields: headers))), promise: nil)
        switch taken.answer.body {
        case .none:
            break
        case .bytes(let bytes):
            context.write(wrapOutboundOut(.body(bytes)), promise: nil)
        case .file(_, let range):
            // take(_:) opened the file and found the codec; without them the head just written cannot be kept.
            guard let file = taken.file, let codec else { return context.close(promise: nil) }
            sending = file
            let region = FileRegion(fileHandle: file, readerIndex: range.lowerBound, endIndex: range.upperBound + 1)
            let written = context.eventLoop.makePromise(of: Void.self)
            written.futureResult.assumeIsolated().whenComplete { result in
                self.finishSending(context, sent: (try? result.get()) != nil)
            }
            codec.write(NIOAny(HTTPServerResponsePart.body(.fileRegion(region))), promise: written)
            context.flush()
            return
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    /// Ends the answer whose file is written (or could not be), then goes on with what the client sent meanwhile.
    private func finishSending(_ context: ChannelHandlerContext, sent: Bool) {
        try? sending?.close()
        sending = nil
        guard !removed else { return }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        guard sent else {
            held.removeAll()
            return
        }
        let replaying = !held.isEmpty
        while sending == nil, let part = held.popFirst() { handle(part, context) }
        // The router's channel hands on what it was given at the end of a read.
        if replaying { context.fireChannelReadComplete() }
        if sending == nil, readHeld {
            readHeld = false
            context.read()
        }
    }
}
