#if canImport(Glibc)
import Glibc
#endif
public import Logging
public import NIOCore
public import NIOPosix

extension RPCClient {
    /// Connects to the Unix socket at `path`.
    /// - Parameters:
    ///   - registry: methods the peer may call back on this connection; nil serves none.
    /// - Throws: ``RPCClientError`` `.cannotConnect` naming the path and the reason.
    public static func connect(
        to path: String, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        maximumMessageBytes: Int = RPCFrameDecoder.defaultMaximumFrameLength, serving registry: MethodRegistry? = nil,
        logger: Logger? = nil
    ) async throws -> RPCClient {
        do {
            return try await ClientBootstrap(group: group).connect(unixDomainSocketPath: path) { channel in
                make(on: channel, maximumMessageBytes: maximumMessageBytes, serving: registry, logger: logger)
            }
        } catch {
            throw RPCClientError(
                code: .cannotConnect, message: "Cannot connect to \(path): \(Self.describe(error)).", underlying: error)
        }
    }

    /// Speaks over a pair of pipes (or other streams): reads `input`, writes `output`, and takes ownership
    /// of both descriptors (they are closed with the connection, so the peer sees the end of its input).
    ///
    /// Either end of a child process's pipes: the core with the child's stdout as `input` and its stdin as
    /// `output`; the child with its own stdin and stdout (see
    /// ``standardInputOutput(group:maximumMessageBytes:serving:logger:)``). A peer that closes its output still
    /// gets the answers to what it sent; the calls it can no longer answer fail.
    ///
    /// The core's side of a plugin gives `configuration` (the limits on what the plugin sends and on what is
    /// queued for it) and `onMalformedInput` (told when the plugin writes something that is not JSON-RPC).
    /// - Throws: ``RPCClientError`` `.cannotConnect` when NIO refuses the descriptors (a regular file, say).
    public static func connect(
        input: CInt, output: CInt, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        maximumMessageBytes: Int = RPCFrameDecoder.defaultMaximumFrameLength, serving registry: MethodRegistry? = nil,
        logger: Logger? = nil, configuration: RPCServerConfiguration? = nil,
        onMalformedInput: (@Sendable (RPCError) -> Void)? = nil
    ) async throws -> RPCClient {
        do {
            return try await NIOPipeBootstrap(group: group)
                .channelOption(.allowRemoteHalfClosure, value: true)
                .takingOwnershipOfDescriptors(input: input, output: output) { channel in
                    make(
                        on: channel, maximumMessageBytes: maximumMessageBytes, serving: registry, logger: logger,
                        configuration: configuration, onMalformedInput: onMalformedInput)
                }
        } catch {
            throw RPCClientError(
                code: .cannotConnect, message: "Cannot use descriptors \(input) and \(output): \(error).",
                underlying: error)
        }
    }

    /// Speaks over this process's stdin and stdout (a plugin's side), which it takes over: nothing else may
    /// read stdin or write stdout afterwards. Log to stderr.
    /// - Throws: ``RPCClientError`` `.cannotConnect` when stdin or stdout is not a pipe, socket or terminal.
    public static func standardInputOutput(
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        maximumMessageBytes: Int = RPCFrameDecoder.defaultMaximumFrameLength, serving registry: MethodRegistry? = nil,
        logger: Logger? = nil
    ) async throws -> RPCClient {
        try await connect(
            input: STDIN_FILENO, output: STDOUT_FILENO, group: group, maximumMessageBytes: maximumMessageBytes,
            serving: registry, logger: logger)
    }

    /// Speaks over a channel that is already set up (connected, its options set) and whose pipeline carries
    /// `ByteBuffer`s.
    /// - Throws: what adding a handler to the channel's pipeline throws (it has closed).
    public static func attach(
        to channel: any Channel, maximumMessageBytes: Int = RPCFrameDecoder.defaultMaximumFrameLength,
        serving registry: MethodRegistry? = nil, logger: Logger? = nil
    ) async throws -> RPCClient {
        try await channel.eventLoop.flatSubmit {
            make(on: channel, maximumMessageBytes: maximumMessageBytes, serving: registry, logger: logger)
        }.get()
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError {
            switch error.errnoCode {
            case ENOENT: return "no such socket (is the core running? start it with `toolkit serve`)"
            case ECONNREFUSED: return "nothing is listening (is the core running? start it with `toolkit serve`)"
            case EACCES: return "permission denied"
            default: return String(describing: error)
            }
        }
        return String(describing: error)
    }
}
