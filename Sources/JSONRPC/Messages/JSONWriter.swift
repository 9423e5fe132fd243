/// Writes JSON text straight into bytes, for results on a hot path where `JSONEncoder` costs more than
/// the work behind them (a page of 20 diary entries, say).
///
/// Callers write members in sorted key order, so the text matches what the shared encoder writes.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init() {
        bytes.reserveCapacity(1024)
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key; its value follows.
    public mutating func key(_ key: String) {
        separate()
        JSONText.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func value(_ value: String?) {
        separate()
        if let value { JSONText.appendQuoted(value, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
        needsComma = true
    }

    public mutating func value(_ value: Int?) {
        raw(value.map(String.init) ?? "null")
    }

    public mutating func value(_ value: Int64?) {
        raw(value.map(String.init) ?? "null")
    }

    public mutating func value(_ value: Double?) {
        raw(value.map { $0.isFinite ? "\($0)" : "null" } ?? "null")
    }

    public mutating func value(_ value: Bool?) {
        raw(value.map { $0 ? "true" : "false" } ?? "null")
    }

    public mutating func value(_ values: [String]) {
        beginArray()
        for value in values { self.value(value) }
        endArray()
    }

    public mutating func value(_ value: some JSONWritable) {
        value.write(to: &self)
    }

    public mutating func value(_ values: [some JSONWritable]) {
        beginArray()
        for value in values { value.write(to: &self) }
        endArray()
    }

    private mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }
}

/// A result that writes its own JSON (see ``JSONWriter``); the registry then skips `JSONEncoder`.
public protocol JSONWritable {
    /// Writes one JSON value, object members in sorted key order.
    func write(to writer: inout JSONWriter)
}
