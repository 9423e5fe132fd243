#if canImport(Glibc)
import Glibc
#endif

/// The web app's access token: 256 random bits in hex, kept in a file of mode 0600 that only its user can read.
/// Whoever has it has the diary, as whoever can open the core's socket does.
public struct AccessToken: Sendable, Hashable {
    /// The token's text: 64 lowercase hex digits.
    public let text: String

    init(text: String) {
        self.text = text
    }

    /// A new token from the system's random source (`getrandom`).
    public static func random() -> AccessToken {
        AccessToken(text: randomHex(bytes: 32))
    }

    /// The token in `path`, or a new one written there when the file is missing, unreadable as a token, or
    /// `replace` is true (`--new-token`). The file is written whole or not at all (a temporary file of mode 0600
    /// beside it, synced and renamed) and its directory is made with mode 0700 when missing.
    /// - Throws: ``WebError`` `.tokenFile` naming the path when it cannot be read or written.
    public static func load(from path: String, replace: Bool = false) throws -> AccessToken {
        if !replace, let text = try? readFile(path), let token = AccessToken(validating: text) {
            if chmod(path, 0o600) != 0 { throw WebError(.tokenFile, "Cannot set mode 0600 on \(path).", errno: errno) }
            return token
        }
        let token = random()
        try write(token, to: path)
        return token
    }

    /// A token read from a file or a request, when it has the token's form.
    init?(validating text: String) {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard trimmed.utf8.count == 64, trimmed.utf8.allSatisfy(\.isLowercaseHexDigit) else { return nil }
        self.text = trimmed
    }

    /// Whether `candidate` is this token, in time that does not depend on where they differ.
    public func matches(_ candidate: some StringProtocol) -> Bool {
        ConstantTime.equal(text.utf8, candidate.utf8)
    }

    private static func write(_ token: AccessToken, to path: String) throws {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !directory.isEmpty { try makeDirectories(directory) }
        let temporary = path + ".new-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw WebError(.tokenFile, "Cannot write \(temporary).", errno: errno) }
        let bytes = Array((token.text + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0 && fchmod(descriptor, 0o600) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw WebError(.tokenFile, "Cannot write the token to \(path).", errno: code)
        }
    }

    private static func makeDirectories(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw WebError(.tokenFile, "Cannot make the directory \(prefix).", errno: errno)
            }
        }
    }

    private static func readFile(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WebError(.tokenFile, "Cannot read \(path).", errno: errno) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw WebError(.tokenFile, "Cannot read \(path).", errno: errno) }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

/// Random bytes from the system's generator, as lowercase hex.
func randomHex(bytes count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(count * 2)
    for _ in 0..<count {
        let byte = UInt8.random(in: 0...255, using: &generator)
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: text, as: UTF8.self)
}

extension UInt8 {
    var isLowercaseHexDigit: Bool { (0x30...0x39).contains(self) || (0x61...0x66).contains(self) }
}
