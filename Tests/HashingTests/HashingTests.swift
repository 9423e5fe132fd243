import Hashing
import Testing

/// SHA-256 and HMAC-SHA-256 against the published test vectors (FIPS 180-2 appendix B, RFC 4231).
struct HashingTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func aMessageHashesToItsPublishedDigest(message: String, digest: String) {
        #expect(hex(SHA256.hash(data: Array(message.utf8))) == digest)
    }

    @Test func aMillionAsFedInUnevenPiecesHashAsOne() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 7919)
        var left = 1_000_000
        while left > 0 {
            let count = min(left, piece.count)
            piece.prefix(count).withUnsafeBytes { hasher.update(bufferPointer: $0) }
            left -= count
        }
        #expect(hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func aCopyGoesOnApartAndFinalizeLeavesTheHasherUsable() {
        var first = SHA256()
        first.update(data: Array("ab".utf8))
        var second = first
        second.update(data: Array("c".utf8))
        #expect(hex(second.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(first.finalize()) == hex(SHA256.hash(data: Array("ab".utf8))))
        first.update(data: Array("c".utf8))
        #expect(first.finalize() == second.finalize())
        #expect(first.finalize() != SHA256.hash(data: Array("ab".utf8)))
    }

    @Test func hmacMatchesRFC4231() {
        // Test case 2: key "Jefe".
        let code = HMACSHA256.authenticationCode(
            for: Array("what do ya want for nothing?".utf8), key: HMACKey(Array("Jefe".utf8)))
        #expect(hex(code) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        // Test case 6: a key longer than the block, hashed first.
        let long = HMACSHA256.authenticationCode(
            for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            key: HMACKey([UInt8](repeating: 0xaa, count: 131)))
        #expect(hex(long) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    private func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
