import CLibCrypto

/// SHA-256, fed in pieces: `var hasher = SHA256()`, `update` as the bytes come, then `finalize()`. A value:
/// a copy goes on from where the original was, apart from it.
public struct SHA256 {
    private var context: Context

    public init() { context = Context() }

    public mutating func update(bufferPointer bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        if !isKnownUniquelyReferenced(&context) { context = Context(copying: context) }
        // EVP_DigestUpdate fails only for a context that was never initialised, which Context rules out.
        _ = EVP_DigestUpdate(context.pointer, bytes.baseAddress, bytes.count)
    }

    public mutating func update(data bytes: some Sequence<UInt8>) {
        if bytes.withContiguousStorageIfAvailable({ update(bufferPointer: UnsafeRawBufferPointer($0)) }) == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update(bufferPointer: $0) }
        }
    }

    /// The digest of what came so far; the hasher can go on.
    public func finalize() -> Digest {
        let last = Context(copying: context)
        var digest = Digest()
        var length: UInt32 = 0
        withUnsafeMutableBytes(of: &digest.words) { _ = EVP_DigestFinal_ex(last.pointer, $0.baseAddress, &length) }
        return digest
    }

    /// The digest of `bytes`, in one call.
    public static func hash(data bytes: some Sequence<UInt8>) -> Digest {
        var hasher = SHA256()
        hasher.update(data: bytes)
        return hasher.finalize()
    }

    /// A SHA-256 digest: 32 bytes, compared in constant time.
    public struct Digest: Sequence, Hashable, Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

        public static let byteCount = 32

        public func makeIterator() -> Array<UInt8>.Iterator {
            Swift.withUnsafeBytes(of: words) { Array($0) }.makeIterator()
        }

        public var underestimatedCount: Int { Self.byteCount }

        public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            try Swift.withUnsafeBytes(of: words, body)
        }

        public static func == (a: Digest, b: Digest) -> Bool {
            // Constant time: an HMAC is compared to one an attacker chose.
            let difference =
                (a.words.0 ^ b.words.0) | (a.words.1 ^ b.words.1) | (a.words.2 ^ b.words.2)
                | (a.words.3 ^ b.words.3)
            return difference == 0
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }

        init() {}
    }
}

/// An OpenSSL digest context, freed with its last reference.
private final class Context {
    let pointer: OpaquePointer

    init() {
        guard let pointer = EVP_MD_CTX_new(), EVP_DigestInit_ex(pointer, Algorithm.sha256, nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest (out of memory)")
        }
        self.pointer = pointer
    }

    init(copying other: Context) {
        guard let pointer = EVP_MD_CTX_new(), EVP_MD_CTX_copy_ex(pointer, other.pointer) == 1 else {
            fatalError("libcrypto could not copy a SHA-256 digest (out of memory)")
        }
        self.pointer = pointer
    }

    deinit { EVP_MD_CTX_free(pointer) }
}

/// libcrypto's SHA-256 implementation, fetched once (an `EVP_sha256()` in each init would look it up again).
enum Algorithm {
    nonisolated(unsafe) static let sha256: OpaquePointer = {
        guard let algorithm = EVP_MD_fetch(nil, "SHA256", nil) else {
            fatalError("libcrypto has no SHA-256 (is its default provider missing?)")
        }
        return algorithm
    }()
}
