/// `export.completed`: `export.create` wrote a share bundle.
public enum ExportCompleted: APIEvent {
    /// The bundle written: its path, size and SHA-256.
    public typealias Data = ExportCompletedRecord
    public static let topic = "export.completed"
    public static let summary = "`export.create` wrote a share bundle."
}
