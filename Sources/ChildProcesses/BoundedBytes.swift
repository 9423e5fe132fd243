/// A byte sink that keeps either the first `limit` bytes or the last ones, counting what it drops.
struct BoundedBytes {
    enum Keep { case head, tail }

    let limit: Int
    let keep: Keep
    private(set) var bytes: [UInt8] = []
    private(set) var dropped = 0

    init(limit: Int, keep: Keep) {
        self.limit = max(0, limit)
        self.keep = keep
    }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        switch keep {
        case .head:
            let room = max(0, limit - bytes.count)
            bytes.append(contentsOf: chunk.prefix(room))
            dropped += chunk.count - min(room, chunk.count)
        case .tail:
            bytes.append(contentsOf: chunk)
            // Trimmed in steps of at least the limit, so appending stays linear.
            if bytes.count > 2 * limit || (limit == 0 && !bytes.isEmpty) {
                let excess = bytes.count - limit
                bytes.removeFirst(excess)
                dropped += excess
            }
        }
    }

    /// The kept bytes, trimmed to the limit.
    mutating func finish() -> [UInt8] {
        if keep == .tail, bytes.count > limit {
            let excess = bytes.count - limit
            bytes.removeFirst(excess)
            dropped += excess
        }
        return bytes
    }
}
