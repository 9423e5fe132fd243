#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving

/// `archive/state.json`, the second member of every archive: the diary as it stood when the archive was made,
/// by record digest, and the files the chain up to this archive holds. The next incremental archive is made
/// by comparing the diary with this alone, so it never has to read its parent's data or files.
struct BackupState: Codable, Sendable, Equatable {
    /// The member's name.
    static let memberName = "archive/state.json"

    /// Per kind (`pets`, `albums`, `photos`, `entries`, `sounds`, `settings`): record id → the first 32 hex
    /// digits of the SHA-256 of its line in `data/KIND.jsonl`.
    var records: [String: [String: String]]
    /// The SHA-256 of every photo, video and sound file, and video's browser copy, in this archive or one it
    /// builds on, sorted.
    var blobs: [String]

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self)) + [UInt8(ascii: "\n")]
    }

    static func decode(_ bytes: [UInt8], archive: String) throws -> BackupState {
        do {
            return try JSONDecoder().decode(BackupState.self, from: Data(bytes))
        } catch {
            throw ArchiveError(
                .manifest, "\(archive): \(memberName) cannot be read: \(error)", entry: memberName,
                reason: "bad-state")
        }
    }
}
