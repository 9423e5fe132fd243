#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where `resources/list` goes on: which of the core's lists (pets, then entries, then photos) and that list's
/// own cursor (nil at its start). The MCP cursor is this, opaque to the client: `v1`, the list and the core's
/// cursor, joined by newlines and base64url-encoded.
struct ResourceCursor: Hashable, Sendable {
    /// The lists, in the order `resources/list` walks them.
    enum List: String, Sendable {
        case pets, entries, photos

        /// The list after this one; nil after the last.
        var next: List? {
            switch self {
            case .pets: .entries
            case .entries: .photos
            case .photos: nil
            }
        }
    }

    var list: List
    /// The core's `nextCursor` for `list`; nil to start it.
    var core: String?

    /// The start of the walk.
    static let start = ResourceCursor(list: .pets, core: nil)

    private static let version = "v1"

    init(list: List, core: String?) {
        self.list = list
        self.core = core
    }

    /// Reads a cursor this bridge gave; nil when `text` is not one.
    init?(_ text: String) {
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else {
            return nil
        }
        let parts = decoded.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == Self.version, let list = List(rawValue: String(parts[1])) else {
            return nil
        }
        self.init(list: list, core: parts[2].isEmpty ? nil : String(parts[2]))
    }

    /// The opaque text a client gives back.
    var text: String {
        let base64 = Data([Self.version, list.rawValue, core ?? ""].joined(separator: "\n").utf8).base64EncodedString()
        return String(base64.compactMap { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 == "=" ? nil : $0 })
    }
}
