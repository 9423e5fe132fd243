import Hashing
import Glibc

extension BundleManifest {
    /// The manifest records (path, size, SHA-256) of the file and bytes members of `members`, in order,
    /// read on a thread of its own. Use it to put a manifest in front of members whose hashes are not known.
    /// - Throws: `ArchiveError.io` naming the member that could not be read.
    public static func records(hashing members: [ArchiveMember]) async throws -> [Member] {
        try await DedicatedThread.run(name: "manifest-hasher") { flag in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
            defer { buffer.deallocate() }
            var records: [Member] = []
            for member in members {
                try flag.check()
                switch member.source {
                case .directory:
                    continue
                case .bytes(let bytes):
                    records.append(
                        Member(
                            path: member.name, size: Int64(bytes.count),
                            sha256: Hex.string(SHA256.hash(data: bytes))))
                case .file(let path):
                    let file = try SystemFile.open(path, flags: O_RDONLY)
                    var hasher = SHA256()
                    var size: Int64 = 0
                    while true {
                        let count = try file.read(into: buffer)
                        if count == 0 { break }
                        hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                        size += Int64(count)
                    }
                    records.append(Member(path: member.name, size: size, sha256: Hex.string(hasher.finalize())))
                }
            }
            return records
        }
    }
}
