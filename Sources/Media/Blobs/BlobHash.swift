import Hashing

/// Checks and formats the SHA-256 names of blobs.
package enum BlobHash {
    /// Whether `text` is exactly 64 lowercase hexadecimal digits: the only strings ever turned into a
    /// path under the blob directory, so that no caller-supplied name can reach outside it.
    package static func isValid(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            count += 1
            guard count <= 64, (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) else { return false }
        }
        return count == 64
    }

    /// Lowercase hex of a finished digest.
    static func hex(_ digest: SHA256.Digest) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return digest.withUnsafeBytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count * 2) { out in
                for (index, byte) in bytes.enumerated() {
                    out[2 * index] = digits[Int(byte >> 4)]
                    out[2 * index + 1] = digits[Int(byte & 0x0f)]
                }
                return bytes.count * 2
            }
        }
    }

    /// Throws unless `text` is a valid blob name.
    /// - Throws: `MediaError.invalidArgument`.
    static func validate(_ text: String) throws {
        guard isValid(text) else {
            let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
            throw MediaError(
                .invalidArgument, "\"\(shown)\" is not a SHA-256 blob name; expected 64 lowercase hex digits",
                reason: "invalid-sha256")
        }
    }
}
