/// Where a long archive operation is; reported from the worker thread.
public struct ArchiveProgress: Sendable, Hashable {
    /// The member being processed.
    public var member: String
    /// Members done so far.
    public var membersDone: Int
    /// Bytes done so far: data bytes when packing, compressed bytes read when reading.
    public var bytesDone: Int64
    /// The total of `bytesDone` at the end, when known.
    public var bytesTotal: Int64?

    /// Creates a progress report.
    public init(member: String, membersDone: Int, bytesDone: Int64, bytesTotal: Int64?) {
        self.member = member
        self.membersDone = membersDone
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
    }
}

/// Receives progress reports; called on the worker thread, so keep it quick.
public typealias ArchiveProgressHandler = @Sendable (ArchiveProgress) -> Void
