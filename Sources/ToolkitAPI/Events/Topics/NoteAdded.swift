/// `note.added`: A voice note was recorded or attached; `data` is the note.
public enum NoteAdded: APIEvent {
    /// The new note.
    public typealias Data = NoteRecord
    public static let topic = "note.added"
    public static let summary = "A voice note was recorded or attached; `data` is the note."
}
