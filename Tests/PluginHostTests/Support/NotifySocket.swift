#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ToolkitTestSupport

/// A datagram socket of the test's own standing in for systemd's `$NOTIFY_SOCKET`: what the core tells
/// the service manager (`READY=1`, `STOPPING=1`) arrives here.
final class NotifySocket: @unchecked Sendable {
    /// The value for `NOTIFY_SOCKET`: the socket's path, or `@name` for one in the abstract namespace.
    let address: String
    private let descriptor: Int32

    /// Binds a socket at a path in `directory`, or with `abstractName` in the abstract namespace.
    init(in directory: TemporaryDirectory, abstractName: String? = nil) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var path: [UInt8]
        if let abstractName {
            address = "@" + abstractName
            path = [0] + Array(abstractName.utf8)
        } else {
            address = directory.appending("notify.sock")
            path = Array(address.utf8)
        }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { bytes in
            for (offset, byte) in path.enumerated() { bytes[offset] = byte }
        }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + path.count + (abstractName == nil ? 1 : 0)
        let bound = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(length)) }
        }
        guard bound == 0 else {
            close(descriptor)
            throw TestFailure("bind \(address): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// The next datagram, or nil when none arrives within `timeout` seconds.
    func receive(timeout: Double = 30) -> String? {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
