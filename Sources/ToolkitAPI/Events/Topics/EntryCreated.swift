/// `entry.created`: A diary entry was created; `data` is the new entry.
public enum EntryCreated: APIEvent {
    /// The new entry.
    public typealias Data = EntryRecord
    public static let topic = "entry.created"
    public static let summary = "A diary entry was created; `data` is the new entry."
}
