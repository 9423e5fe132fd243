/// One PCM that ALSA's device hints list.
public struct PCMDeviceInfo: Sendable, Hashable {
    /// The name to pass as a device (`null`, `default`, `sysdefault:CARD=PCH`, …).
    public var name: String
    /// ALSA's description, lines joined with " — ".
    public var description: String
    /// `"Input"`, `"Output"`, or `nil` when the PCM does both.
    public var direction: String?
}
