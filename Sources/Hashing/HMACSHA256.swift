import CLibCrypto

/// HMAC-SHA-256 (RFC 2104), the signature on the list methods' page cursors.
public enum HMACSHA256 {
    /// The code for `message` under `key`.
    public static func authenticationCode(for message: some Sequence<UInt8>, key: HMACKey) -> SHA256.Digest {
        let message = Array(message)
        var code = SHA256.Digest()
        var length: UInt32 = 0
        key.bytes.withUnsafeBytes { key in
            withUnsafeMutableBytes(of: &code.words) { out in
                let made = HMAC(
                    Algorithm.sha256, key.baseAddress, Int32(key.count), message, message.count,
                    out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                guard made != nil else { fatalError("libcrypto could not compute an HMAC (out of memory)") }
            }
        }
        return code
    }
}

/// A secret key for ``HMACSHA256``.
public struct HMACKey: Sendable {
    let bytes: [UInt8]

    public init(_ bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }
}
