import NIOCore
import NIOPosix

/// Reads a plugin's stderr and hands on each line (at most 4 KiB of it; longer lines are cut).
final class StandardErrorReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    static let longestLine = 4096
    private let onLine: @Sendable (String) -> Void
    /// The start of a line not yet ended; only touched on the channel's event loop.
    private var pending = ByteBuffer()

    private init(onLine: @escaping @Sendable (String) -> Void) {
        self.onLine = onLine
    }

    /// Takes ownership of `descriptor` and reads it on an event loop until end of file.
    static func attach(to descriptor: Int32, onLine: @escaping @Sendable (String) -> Void) async throws {
        _ = try await NIOPipeBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(StandardErrorReader(onLine: onLine))
                }
            }
            .takingOwnershipOfDescriptor(input: descriptor).get()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        pending.writeBuffer(&bytes)
        var lines: [String] = []
        while let newline = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - pending.readerIndex
            let line = pending.readString(length: length) ?? ""
            pending.moveReaderIndex(forwardBy: 1)
            lines.append(String(line.prefix(Self.longestLine)))
        }
        if pending.readableBytes > Self.longestLine {
            lines.append(
                pending.readString(length: pending.readableBytes).map { String($0.prefix(Self.longestLine)) } ?? "")
        }
        pending.discardReadBytes()
        for line in lines { onLine(line) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let rest = pending.readString(length: pending.readableBytes) ?? ""
        if !rest.isEmpty { onLine(rest) }
        context.fireChannelInactive()
    }
}
