/// `import.completed`: `import.bundle`, or a part restore of `archive.restore`, merged a bundle into the diary.
public enum ImportCompleted: APIEvent {
    /// What was read and what became of its records.
    public typealias Data = ImportCompletedRecord
    public static let topic = "import.completed"
    public static let summary = """
        `import.bundle`, or a part restore of `archive.restore`, merged a bundle into the diary.
        """
}
