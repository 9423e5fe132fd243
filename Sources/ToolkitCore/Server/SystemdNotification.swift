#if canImport(Glibc)
import Glibc
#endif

/// Tells the service manager about the core's state, as `sd_notify(3)` does, without libsystemd: one datagram
/// such as `READY=1` to the Unix socket named by `$NOTIFY_SOCKET` (a leading `@` names the abstract
/// namespace). Nothing is sent when the variable is unset, as it is outside a `Type=notify` unit.
struct SystemdNotification: Sendable {
    /// The socket's address as `$NOTIFY_SOCKET` gives it; nil when it is unset or empty.
    let socketPath: String?

    init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Sends `state` (`READY=1`, `STOPPING=1`).
    /// - Returns: false when there is no socket to tell or the datagram could not be sent.
    @discardableResult
    func send(_ state: String) -> Bool {
        guard let socketPath, socketPath.hasPrefix("/") || socketPath.hasPrefix("@") else { return false }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(socketPath.utf8)
        let isAbstract = path.first == UInt8(ascii: "@")
        if isAbstract { path[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // A path needs room for its terminating zero; an abstract name has none and is measured exactly.
        guard path.count < capacity || (isAbstract && path.count <= capacity) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (offset, byte) in path.enumerated() { bytes[offset] = byte }
        }
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + path.count + (isAbstract ? 0 : 1)
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                message.withUnsafeBytes { bytes in
                    sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), address, socklen_t(length))
                }
            }
        }
        return sent == message.count
    }
}

extension SystemdNotification {
    /// The notification socket this process was given, if any.
    static var forThisProcess: SystemdNotification {
        SystemdNotification(environment: getenv("NOTIFY_SOCKET").map { ["NOTIFY_SOCKET": String(cString: $0)] } ?? [:])
    }
}
