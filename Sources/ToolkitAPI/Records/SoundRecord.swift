public import JSONRPC

/// A sound as the core sends it: a built-in shutter sound (its id is its name), an imported WAV file or a
/// recording.
public struct SoundRecord: WireRecord, Sendable, Hashable {
    /// The sound's id: a UUID, or a built-in sound's name (`squeak`, `whistle`, `bell`, `clicker`, `chirp`).
    public var id: String
    /// What it is called; a built-in sound's cannot be changed.
    public var title: String
    /// `builtin`, `imported` or `recorded`.
    public var kind: String
    /// The WAV file's SHA-256, hex: its blob's name.
    public var sha256: String
    /// The WAV file's size in bytes.
    public var bytes: Int64
    /// Its length, in seconds.
    public var durationSeconds: Double
    /// Frames per second (Hz).
    public var rate: Int
    /// Channels per frame; 1 is mono.
    public var channels: Int
    /// Bits per sample as stored: 8, 16, 24 or 32.
    public var bits: Int
    /// When it was added, RFC 3339 UTC.
    public var createdAt: String

    /// Makes the record with every field given.
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
    /// Writes the sound as JSON: every member in sorted key order.
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
