#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore

/// Sits on the listening channel and keeps the core calm when it runs out of descriptors (or kernel memory) for
/// new connections: it stops accepting for ``retryInterval``, then tries again, and says so once when `accept`
/// first fails and once when it has gone ``quietPeriod`` without failing, however many attempts fail between.
///
/// Without it, a listening socket with clients waiting stays readable and NIO retries a failed `accept` at once,
/// forever: the core spins on a whole CPU while the connections it has wait for it. (NIO's own
/// `AcceptBackoffHandler` does not help here: it delays the next `read`, but after a failed `accept` the channel
/// still has a read pending and stays registered for readability.) With it, the clients queued in the backlog
/// are accepted as soon as descriptors free.
final class AcceptExhaustionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    /// How long the server waits before trying `accept` again after running out of resources.
    static let retryInterval = TimeAmount.milliseconds(250)

    /// How long `accept` must go without failing before the core says it accepts again: descriptors free in
    /// bursts (a client leaving closes its socket a moment later), so the first success does not end the episode.
    static let quietPeriod = TimeAmount.seconds(1)

    private let logger: Logger
    /// Failed attempts in this episode. Only touched on the listening channel's event loop.
    private var failedAttempts = 0
    /// The pending retry, while accepting is paused. Only touched on the listening channel's event loop.
    private var retry: Scheduled<Void>?
    /// When the episode ends if nothing fails before. Only touched on the listening channel's event loop.
    private var recovery: Scheduled<Void>?

    init(logger: Logger) {
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let ioError = error as? IOError, Self.isExhaustion(ioError.errnoCode) else {
            context.fireErrorCaught(error)
            return
        }
        failedAttempts += 1
        if failedAttempts == 1 {
            let reason = String(cString: strerror(ioError.errnoCode))
            logger.warning(
                "Cannot accept new connections (\(reason)); serving the open ones and retrying every 250 ms",
                metadata: ["errno": "\(ioError.errnoCode)"])
        }
        pauseAccepting(context: context)
        recovery?.cancel()
        recovery = context.eventLoop.assumeIsolated().scheduleTask(in: Self.retryInterval + Self.quietPeriod) {
            [self] in
            recovery = nil
            logger.notice(
                "Accepting connections again", metadata: ["accept.failed_attempts": "\(failedAttempts)"])
            failedAttempts = 0
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimers()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimers()
    }

    private func cancelTimers() {
        retry?.cancel()
        retry = nil
        recovery?.cancel()
        recovery = nil
    }

    /// Stops reading the listening socket (so it is no longer polled) and resumes after ``retryInterval``.
    private func pauseAccepting(context: ChannelHandlerContext) {
        guard retry == nil, let options = context.channel.syncOptions else { return }
        try? options.setOption(.autoRead, value: false)
        let channel = context.channel
        retry = context.eventLoop.assumeIsolated().scheduleTask(in: Self.retryInterval) { [self] in
            retry = nil
            try? channel.syncOptions?.setOption(.autoRead, value: true)
        }
    }

    /// Whether `accept` failed for want of descriptors or memory, which frees up on its own.
    private static func isExhaustion(_ code: CInt) -> Bool {
        code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
    }
}
