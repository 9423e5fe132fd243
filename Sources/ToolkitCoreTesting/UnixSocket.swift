#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ToolkitCore

/// Plain blocking Unix stream sockets for the test clients, written without the toolkit's own client code.
enum UnixSocket {
    /// A socket connected to `path`; the caller owns the descriptor.
    /// - Throws: `POSIXError` when there is no socket or no one listening.
    static func connect(to path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        let result = withUnixSocketAddress(path) { Glibc.connect(descriptor, $0, $1) } ?? -1
        guard result == 0 else {
            let error = POSIXError(.init(rawValue: errno) ?? .EIO)
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// A connected pair of sockets, as `socketpair(2)` makes; the caller owns both descriptors.
    static func pair() throws -> (Int32, Int32) {
        var descriptors: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return (descriptors[0], descriptors[1])
    }

    /// Writes all of `bytes`, waiting as needed.
    /// - Throws: `POSIXError` when the peer is gone.
    static func send(_ bytes: [UInt8], on descriptor: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
            offset += written
        }
    }
}
