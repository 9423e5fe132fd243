/// `note.deleted`: A voice note was deleted (not for the notes that go with their entry or photo); `data` is
/// `{id}`.
public enum NoteDeleted: APIEvent {
    /// `{id}` of the note deleted.
    public typealias Data = RecordID
    public static let topic = "note.deleted"
    public static let summary = """
        A voice note was deleted (not for the notes that go with their entry or photo); `data` is `{id}`.
        """
}
