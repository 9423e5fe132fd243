#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Crypto
import Glibc
import JSONRPC
package import PetDiary
package import ToolkitAPI

/// Writes a share bundle of a diary selection (DESIGN, "Share bundles and archives"): `manifest.json`
/// first, then `data/*.jsonl` (the records as the methods return them, one per line), then the photo,
/// video and sound files streamed from the blob store through the compressor.
///
/// The records are read in one read transaction; the files are content-addressed, so their names are
/// their SHA-256 and the manifest is complete before the first byte is written; each file is hashed again
/// while it is written, and a file that does not match fails the export. The bundle is written to a temp
/// name beside the target and renamed (after `fsync`) when complete.
package struct BundleExport: Sendable {
    let diary: Diary

    /// What was written.
    package struct Outcome: Sendable, Hashable {
        package var path: String
        package var size: Int64
        package var sha256: String
        package var counts: ExportCreate.Result.Counts
    }

    /// The members of a bundle of `snapshot`, `manifest.json` first, and the counts; with `html`, the gallery's
    /// `index.html` after the data and its thumbnails before the media.
    /// - Throws: ``DiaryError`` `.conflict` when a blob is missing from the store.
    func members(of snapshot: DiarySnapshot, selection: DiarySelection, html: Bool = false) async throws -> (
        [ArchiveMember], ExportCreate.Result.Counts
    ) {
        let data: [(String, [any WireRecord])] = [
            ("pets", snapshot.pets.map(PetRecord.init)),
            ("albums", snapshot.albums.map(AlbumRecord.init)),
            ("photos", snapshot.photos.map(PhotoRecord.init)),
            ("entries", snapshot.entries.map(EntryRecord.init)),
            ("sounds", snapshot.sounds.map(SoundRecord.init)),
            ("settings", [SettingsRecord(snapshot.settings)]),
            ("notes", snapshot.notes.map(NoteRecord.init)),
        ]
        let now = Int64(Date().timeIntervalSince1970)
        let dataMembers = data.map { name, records in
            ArchiveMember(
                name: "data/\(name).jsonl", source: .bytes(Self.jsonLines(records)), mode: 0o644,
                modificationTime: now)
        }
        var files: [(name: String, sha256: String)] = []
        var pageMembers: [ArchiveMember] = []
        if html {
            let gallery = try await galleryMembers(of: snapshot, modificationTime: now)
            pageMembers = [gallery.page]
            files = gallery.thumbnails
        }
        let thumbnailCount = files.count
        var seen: Set<String> = []
        for photo in snapshot.photos where seen.insert("media/" + photo.sha256).inserted {
            files.append(("media/\(photo.sha256).\(MediaType.fileExtension(of: photo.mediaType))", photo.sha256))
        }
        for sound in snapshot.sounds where seen.insert("sounds/" + sound.sha256).inserted {
            files.append(("sounds/\(sound.sha256).wav", sound.sha256))
        }
        var records = try await BundleManifest.records(hashing: dataMembers + pageMembers)
        var fileMembers: [ArchiveMember] = []
        for file in files {
            let path = try diary.blobs.path(of: file.sha256)
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw Self.missing(file.name)
            }
            records.append(BundleManifest.Member(path: file.name, size: Int64(info.st_size), sha256: file.sha256))
            fileMembers.append(
                ArchiveMember(
                    name: file.name, source: .file(path: path), mode: 0o644, expectedSHA256: file.sha256))
        }
        let counts = ExportCreate.Result.Counts(
            pets: snapshot.pets.count, albums: snapshot.albums.count, photos: snapshot.photos.count,
            entries: snapshot.entries.count, sounds: snapshot.sounds.count,
            notes: snapshot.notes.count, files: files.count - thumbnailCount)
        var selected: [String: String] = [:]
        selected["petId"] = selection.petId
        selected["albumId"] = selection.albumId
        selected["from"] = selection.from
        selected["to"] = selection.to
        let manifest = BundleManifest(
            kind: "bundle", toolkitVersion: ToolkitVersion.current, selection: selected,
            counts: [
                "pets": counts.pets, "albums": counts.albums, "photos": counts.photos, "entries": counts.entries,
                "sounds": counts.sounds, "notes": counts.notes, "files": counts.files,
            ], members: records)
        let head = ArchiveMember(
            name: BundleManifest.fileName, source: .bytes(try manifest.encoded()), mode: 0o644, modificationTime: now)
        return ([head] + dataMembers + pageMembers + fileMembers, counts)
    }

    /// Exports `selection` to `path` (the final name; its directory must exist), with the HTML gallery when
    /// `html`.
    /// - Parameter progress: called with the file bytes done and their total, from the writer's thread.
    /// - Throws: ``DiaryError`` for an unknown pet or album or bad days (-32001, -32602) or a file deleted
    ///   meanwhile (-32002), ``ArchiveError`` when writing fails.
    package func export(
        _ selection: DiarySelection, html: Bool = false, to path: String,
        progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> Outcome {
        let snapshot = try await diary.store.snapshot(selection)
        let (members, counts) = try await members(of: snapshot, selection: selection, html: html)
        let summary: ArchiveSummary
        do {
            summary = try await ArchiveWriter().write(members, to: path) { report in
                progress(report.bytesDone, report.bytesTotal ?? report.bytesDone)
            }
        } catch let error as ArchiveError where error.code == .io {
            // A photo deleted (and its file collected) since the snapshot was read.
            for member in members {
                guard case .file(let source) = member.source, access(source, F_OK) != 0 else { continue }
                throw Self.missing(member.name)
            }
            throw error
        }
        var info = stat()
        let size = stat(summary.path, &info) == 0 ? Int64(info.st_size) : summary.compressedBytes
        return Outcome(path: summary.path, size: size, sha256: summary.sha256, counts: counts)
    }

    /// The error for a photo or sound file that is gone from the blob store.
    static func missing(_ name: String) -> DiaryError {
        DiaryError(
            .conflict,
            "The file of \(name) is no longer in the blob store: its record was deleted while the bundle was made "
                + "(or the store is damaged). Nothing was written; export again.", reason: "missing-blob")
    }

    /// The records as JSON Lines: each record's wire JSON, then a newline.
    static func jsonLines(_ records: [any WireRecord]) -> [UInt8] {
        var bytes: [UInt8] = []
        for record in records {
            var writer = JSONWriter()
            record.write(to: &writer)
            bytes += writer.bytes
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// The SHA-256 of the file at `path`, read in 1 MiB pieces off the cooperative pool.
    static func sha256(ofFile path: String) async throws -> String {
        let member = ArchiveMember(name: "bundle", source: .file(path: path))
        let records = try await BundleManifest.records(hashing: [member])
        return records.first?.sha256 ?? ""
    }
}
