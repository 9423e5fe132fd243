/// `entry.deleted`: A diary entry was deleted (once per entry, also for `diary.deleteAll`); `data` is `{id}`.
public enum EntryDeleted: APIEvent {
    /// `{id}` of the entry deleted.
    public typealias Data = RecordID
    public static let topic = "entry.deleted"
    public static let summary = """
        A diary entry was deleted (once per entry, also for `diary.deleteAll`); `data` is `{id}`.
        """
}
