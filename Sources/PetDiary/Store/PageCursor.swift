#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hashing

/// The opaque `cursor` of a paginated list: the sort key of the last item returned, bound to the list,
/// its filters and its order, and signed with the database's own key.
///
/// A cursor is the keyset position, not an offset, so pages stay stable while rows are added. A cursor
/// that was altered, or that belongs to another list or other filters, is refused rather than trusted.
struct PageCursor: Sendable, Equatable {
    /// Which list (`entries`, `photos`, `search`…) and which filters (a stable text of them).
    var scope: String
    var order: ListOrder
    /// The sort key of the last item of the previous page, e.g. `[date, createdAt, id]`.
    var key: [String]

    private static let macLength = 16

    /// The text handed to clients.
    func encoded(signingKey: HMACKey) -> String {
        var payload = Data()
        let fields = [scope, order.rawValue] + key
        for field in fields {
            let bytes = Data(field.utf8)
            payload.append(contentsOf: withUnsafeBytes(of: UInt32(bytes.count).bigEndian, Array.init))
            payload.append(bytes)
        }
        let mac = HMACSHA256.authenticationCode(for: payload, key: signingKey)
        payload.append(contentsOf: Data(mac).prefix(Self.macLength))
        return Self.base64URL(payload.base64EncodedString())
    }

    /// Base64 text made URL-safe (`-` and `_` for `+` and `/`), without padding.
    private static func base64URL(_ base64: String) -> String {
        String(
            decoding: base64.utf8.compactMap { byte -> UInt8? in
                switch byte {
                case UInt8(ascii: "+"): UInt8(ascii: "-")
                case UInt8(ascii: "/"): UInt8(ascii: "_")
                case UInt8(ascii: "="): nil
                default: byte
                }
            }, as: UTF8.self)
    }

    /// Standard, padded base64 text from ``base64URL(_:)``'s form.
    private static func base64(fromURL text: String) -> String {
        var bytes = text.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "-"): UInt8(ascii: "+")
            case UInt8(ascii: "_"): UInt8(ascii: "/")
            default: byte
            }
        }
        bytes += repeatElement(UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads a client's cursor, checking its signature and that it belongs to `scope`.
    /// - Throws: ``DiaryError`` `.invalid` (field `cursor`) when it was altered or belongs elsewhere.
    static func decode(_ text: String, scope: String, keyCount: Int, signingKey: HMACKey) throws -> PageCursor {
        let refused = DiaryError.invalid(
            "cursor",
            "The cursor is not one this list gave out (altered, or from other filters); ask again without a cursor.")
        guard text.utf8.count <= 4096, let data = Data(base64Encoded: base64(fromURL: text)), data.count > macLength
        else {
            throw refused
        }
        let payload = data.prefix(data.count - macLength)
        let mac = data.suffix(macLength)
        let expected = Data(HMACSHA256.authenticationCode(for: payload, key: signingKey)).prefix(macLength)
        guard constantTimeEqual(mac, expected) else { throw refused }

        var fields: [String] = []
        var index = payload.startIndex
        while index < payload.endIndex {
            guard payload.endIndex - index >= 4 else { throw refused }
            let length = payload[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            index += 4
            guard payload.endIndex - index >= length,
                let field = String(data: payload[index..<(index + length)], encoding: .utf8)
            else { throw refused }
            fields.append(field)
            index += length
        }
        guard fields.count == 2 + keyCount, fields[0] == scope, let order = ListOrder(rawValue: fields[1]) else {
            throw refused
        }
        return PageCursor(scope: scope, order: order, key: Array(fields.dropFirst(2)))
    }

    private static func constantTimeEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
