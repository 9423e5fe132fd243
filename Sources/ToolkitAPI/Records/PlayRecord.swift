/// What `sounds.play` answers: the sound and device, and, when it waited for the end, how the play went.
public struct PlayRecord: Codable, Sendable, Hashable {
    /// The sound played (for `notes.play`, the note's sound).
    public var soundId: String
    /// The ALSA PCM it played on.
    public var device: String
    /// Whether it answered at the end of the sound (`wait`) or at its start.
    public var finished: Bool
    /// Frames handed to ALSA; null when the answer came at the start.
    public var framesWritten: Int64?
    /// Underruns recovered from; null when the answer came at the start.
    public var underruns: Int?
    /// Whether `sounds.stop` (or a cancel) ended it early; null when the answer came at the start.
    public var stopped: Bool?

    /// Makes the answer; the report's fields stay nil for an answer at the start.
    public init(
        soundId: String, device: String, finished: Bool, framesWritten: Int64? = nil, underruns: Int? = nil,
        stopped: Bool? = nil
    ) {
        self.soundId = soundId
        self.device = device
        self.finished = finished
        self.framesWritten = framesWritten
        self.underruns = underruns
        self.stopped = stopped
    }

    enum CodingKeys: String, CodingKey {
        case soundId, device, finished, framesWritten, underruns, stopped
    }

    /// Writes every member, `null` when unset.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(soundId, forKey: .soundId)
        try container.encode(device, forKey: .device)
        try container.encode(finished, forKey: .finished)
        try container.encode(framesWritten, forKey: .framesWritten)
        try container.encode(underruns, forKey: .underruns)
        try container.encode(stopped, forKey: .stopped)
    }
}
