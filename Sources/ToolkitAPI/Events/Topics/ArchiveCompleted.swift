/// `archive.completed`: `archive.create` wrote and verified an archive.
public enum ArchiveCompleted: APIEvent {
    public typealias Data = ArchiveCompletedRecord
    public static let topic = "archive.completed"
    public static let summary = "`archive.create` wrote and verified an archive."
}
