import Hummingbird

extension StagingFile {
    /// Streams `body` into the staging file, never holding it whole in memory, and stops past `limit` bytes.
    /// - Returns: false when the body ran past the limit (what was written is left for ``remove()``).
    /// - Throws: when the file cannot be written or the body breaks off.
    func write(
        _ body: RequestBody, limit: Int64, fileIO: FileIO, context: WebRequestContext
    ) async throws -> Bool {
        let counted = ByteCounter(limit: limit)
        do {
            try await fileIO.writeFile(
                contents: body.map { buffer in
                    try counted.add(buffer.readableBytes)
                    return buffer
                }, path: path, context: context)
        } catch {
            // The file system's writer wraps the counter's error in its own.
            if counted.exceeded { return false }
            throw error
        }
        return true
    }
}
