/// `entry.updated`: A diary entry was changed; `data` is the entry as it is now.
public enum EntryUpdated: APIEvent {
    /// The entry as it is now.
    public typealias Data = EntryRecord
    public static let topic = "entry.updated"
    public static let summary = "A diary entry was changed; `data` is the entry as it is now."
}
