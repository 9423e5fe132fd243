/// `archive.completed`: `archive.create` wrote and verified an archive.
public enum ArchiveCompleted: APIEvent {
    /// The archive written: its path, size, kind and SHA-256.
    public typealias Data = ArchiveCompletedRecord
    public static let topic = "archive.completed"
    public static let summary = "`archive.create` wrote and verified an archive."
}
