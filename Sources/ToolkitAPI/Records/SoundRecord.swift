public import JSONRPC

/// A sound as the core sends it: a built-in shutter sound (its id is its name), an imported WAV file or a
/// recording.
public struct SoundRecord: WireRecord, Sendable, Hashable {
    public var id: String
    public var title: String
    /// `builtin`, `imported` or `recorded`.
    public var kind: String
    public var sha256: String
    public var bytes: Int64
    public var durationSeconds: Double
    public var rate: Int
    public var channels: Int
    public var bits: Int
    public var createdAt: String

    public init(
        id: String, title: String, kind: String, sha256: String, bytes: Int64, durationSeconds: Double, rate: Int,
        channels: Int, bits: Int, createdAt: String
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.sha256 = sha256
        self.bytes = bytes
        self.durationSeconds = durationSeconds
        self.rate = rate
        self.channels = channels
        self.bits = bits
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, title, kind, sha256, bytes, durationSeconds, rate, channels, bits, createdAt
    }
}

extension SoundRecord {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("bits"); writer.value(bits)
        writer.key("bytes"); writer.value(bytes)
        writer.key("channels"); writer.value(channels)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("durationSeconds"); writer.value(durationSeconds)
        writer.key("id"); writer.value(id)
        writer.key("kind"); writer.value(kind)
        writer.key("rate"); writer.value(rate)
        writer.key("sha256"); writer.value(sha256)
        writer.key("title"); writer.value(title)
        writer.endObject()
    }
}
