/// The `data` of `shutter.fired`: `{petId, soundId, at}`.
public struct ShutterFiredRecord: Codable, Sendable, Hashable {
    /// The pet whose shutter sound played; null when the call named none.
    public var petId: String?
    /// The sound that played.
    public var soundId: String
    /// When it started playing, RFC 3339.
    public var at: String

    /// Makes the event's data.
    public init(petId: String?, soundId: String, at: String) {
        self.petId = petId
        self.soundId = soundId
        self.at = at
    }

    private enum CodingKeys: String, CodingKey { case petId, soundId, at }

    /// Writes every member, `petId` as `null` when the call named no pet.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(petId, forKey: .petId)
        try container.encode(soundId, forKey: .soundId)
        try container.encode(at, forKey: .at)
    }
}
