extension ArchiveInput {
    /// The largest `manifest.json` read into memory.
    package static let maxManifestBytes: Int64 = 64 << 20

    /// Reads the member `entry`, a `manifest.json`, into memory through `buffer`.
    /// - Throws: `ArchiveError` (`manifest-size`) when it is larger than ``maxManifestBytes``; what reading the
    ///   archive throws.
    package func readManifest(_ entry: TarEntry, through buffer: UnsafeMutableRawBufferPointer) throws -> [UInt8] {
        guard entry.size <= Self.maxManifestBytes else {
            throw ArchiveError(
                .manifest, "manifest.json is \(entry.size) bytes; the limit is 64 MiB", entry: entry.path,
                reason: "manifest-size")
        }
        var data: [UInt8] = []
        data.reserveCapacity(Int(entry.size))
        while true {
            let count = try tar.readData(into: buffer)
            if count == 0 { break }
            data += UnsafeRawBufferPointer(rebasing: buffer[..<count])
        }
        return data
    }
}
