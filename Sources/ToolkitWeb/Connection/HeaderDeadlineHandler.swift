import NIOCore
import NIOHTTPTypes

/// Closes a new connection whose first request's headers have not all arrived `deadline` after it opened, so that
/// a client sending a byte now and then (slowloris) cannot hold a connection. Once the headers are in, the
/// request may take as long as it needs (an upload, an event stream), and a connection kept alive afterwards is
/// closed by the server's idle time-out instead: re-arming after each answer would close connections that a
/// client's pool is about to reuse, and its next request would meet a closed channel. It sits after
/// Hummingbird's HTTP/1.1 decoding, so it sees whole request heads, never bytes.
final class HeaderDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let deadline: TimeAmount
    private var timer: Scheduled<Void>?
    private var headersCame = false

    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headersCame, case .head = unwrapInboundIn(data) {
            headersCame = true
            disarm()
        }
        context.fireChannelRead(data)
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard !headersCame, timer == nil else { return }
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: deadline) { channel.close(promise: nil) }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
