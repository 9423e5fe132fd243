import Archiving
import Foundation
import Testing

/// The shortest path through the public API: write an archive from bytes, read its members back.
@Suite struct ArchiveSmokeTests {
    @Test func membersWrittenAreTheMembersRead() async throws {
        let path = FileManager.default.temporaryDirectory.path + "/smoke-\(UUID().uuidString).tar.zst"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let members = [
            ArchiveMember(name: "data", source: .directory, modificationTime: 1_700_000_000),
            ArchiveMember(name: "data/pets.jsonl", source: .bytes(Array("{\"name\":\"Kongi\"}\n".utf8))),
        ]
        let summary = try await ArchiveWriter().write(members, to: path)
        #expect(summary.files.map(\.path) == ["data/pets.jsonl"])
        #expect(summary.files.first?.sha256.count == 64)
        let entries = try await ArchiveReader().entries(archiveAt: path)
        #expect(entries.map(\.path) == ["data/", "data/pets.jsonl"])
        #expect(entries.map(\.kind) == [.directory, .file])
        #expect(entries.last?.size == 17)
    }
}
