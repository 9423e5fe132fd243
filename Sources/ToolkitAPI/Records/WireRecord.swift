public import JSONRPC

/// A record whose JSON is written in one place, its ``JSONRPC/JSONWritable/write(to:)``: members in sorted
/// key order, every one present, `null` when unset. Its `Encodable` conformance goes through that writer,
/// so a record inside another encoded value (an event's `data`, a bulk import's `items`) reads the same.
public protocol WireRecord: Codable, JSONWritable {}

extension WireRecord {
    /// Encodes the JSON that ``JSONRPC/JSONWritable/write(to:)`` writes, so both paths give the same members.
    public func encode(to encoder: any Encoder) throws {
        try RawJSON(writing: self).encode(to: encoder)
    }
}
