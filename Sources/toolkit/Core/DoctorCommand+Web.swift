import Foundation
import Glibc

extension DoctorCommand {
    /// The web app: its program beside `toolkit`, its token file kept private, and whether it answers at
    /// `--web` (by default where `toolkit web` listens). Not running is fine: the web app is optional.
    func webCheck() -> Check {
        guard SiblingProgram.locate(SiblingProgram.web) != nil else {
            return Check(
                name: "web", status: "warn",
                detail: "\(SiblingProgram.web) is not beside toolkit in \(SiblingProgram.directory), so toolkit web "
                    + "cannot start; make install puts both in the same directory")
        }
        let tokenFile = WebCommand.tokenFile(environment: global.environment)
        var status = stat()
        if stat(tokenFile, &status) == 0, status.st_mode & 0o077 != 0 {
            return Check(
                name: "web", status: "warn",
                detail: "\(tokenFile) can be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); "
                    + "chmod 600 it, or run toolkit web --new-token")
        }
        switch WebProbe.ask(web) {
        case .ours:
            return Check(name: "web", status: "ok", detail: "answering on http://\(web)/")
        case .nothing:
            return Check(
                name: "web", status: "ok",
                detail: "not running on \(web); start it with `toolkit web` (or systemctl --user start toolkit-web)")
        case .other(let line):
            return Check(
                name: "web", status: "warn",
                detail: "something else answers on \(web) (\(line)); give toolkit web another --listen, and "
                    + "doctor the same --web")
        }
    }
}

/// One `GET /` to the web app's address, over loopback, with a short deadline.
enum WebProbe {
    enum Answer: Equatable {
        /// The web app's page answered (its Content-Security-Policy says it is ours).
        case ours
        /// Nothing listens there.
        case nothing
        /// Something answered that is not the web app: its first line.
        case other(String)
    }

    static func ask(_ address: String) -> Answer {
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...])
        else { return .nothing }
        let host = String(address[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else { return .nothing }
        defer { freeaddrinfo(list) }
        let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard descriptor >= 0 else { return .nothing }
        defer { close(descriptor) }
        var wait = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        guard connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else { return .nothing }
        let request = Array("GET / HTTP/1.1\r\nHost: \(address)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == request.count else {
            return .other("the connection closed at once")
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 16384 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[..<count]
            if String(decoding: received, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        let head = String(decoding: received, as: UTF8.self)
        let firstLine = head.prefix { $0 != "\r" && $0 != "\n" }
        // A TLS server closes a plain HTTP request without a byte: toolkit web with --tls-cert does.
        guard !received.isEmpty else { return .other("closed without a byte: HTTPS only, as with --tls-cert?") }
        guard !firstLine.isEmpty else { return .other("no HTTP answer") }
        let ours =
            firstLine.hasPrefix("HTTP/1.1 200")
            && head.lowercased().contains("content-security-policy: default-src 'self'")
        return ours ? .ours : .other(String(firstLine.prefix(80)))
    }
}
