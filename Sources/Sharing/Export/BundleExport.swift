#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import Hashing
import Glibc
import JSONRPC
import Media
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
    /// The version written into the manifest and the gallery page (the core's and the command's own).
    let toolkitVersion: String

    /// The export of `diary`, the core's or one a command opened itself when no core runs.
    package init(diary: Diary, toolkitVersion: String) {
        self.diary = diary
        self.toolkitVersion = toolkitVersion
    }

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
    /// - Parameter spoolDirectory: where the JSON Lines are spooled (see ``SpooledLines``), kept alive in the
    ///   result's `spools` until the members are written; `nil` keeps them in memory.
    func members(
        of snapshot: DiarySnapshot, selection: DiarySelection, html: Bool = false, spoolDirectory: String? = nil
    ) async throws -> (members: [ArchiveMember], counts: ExportCreate.Result.Counts, spools: [SpooledLines]) {
        let now = Int64(Date().timeIntervalSince1970)
        var spools: [SpooledLines] = []
        func member<Model, Record: WireRecord>(
            _ name: String, _ models: [Model], as record: (Model) -> Record
        ) throws -> ArchiveMember {
            let source: ArchiveMember.Source
            if let spoolDirectory, let spool = SpooledLines(in: spoolDirectory) {
                for model in models { try spool.append(line: Self.json(of: record(model))) }
                try spool.flush()
                spools.append(spool)
                source = .file(path: spool.path)
            } else {
                source = .bytes(Self.jsonLines(models, as: record))
            }
            return ArchiveMember(name: "data/\(name).jsonl", source: source, mode: 0o644, modificationTime: now)
        }
        let dataMembers = [
            try member("pets", snapshot.pets, as: PetRecord.init),
            try member("albums", snapshot.albums, as: AlbumRecord.init),
            try member("photos", snapshot.photos, as: PhotoRecord.init),
            try member("entries", snapshot.entries, as: EntryRecord.init),
            try member("sounds", snapshot.sounds, as: SoundRecord.init),
            try member("settings", [snapshot.settings], as: SettingsRecord.init),
            try member("notes", snapshot.notes, as: NoteRecord.init),
        ]
        // Each video's browser copy, when one is made, named by the video's blob: counted apart from the files.
        var renditions: [(name: String, sha256: String)] = []
        var videosWithCopies: Set<String> = []
        for photo in snapshot.photos where MediaType.isVideo(photo.mediaType) {
            guard !videosWithCopies.contains(photo.sha256),
                let copy = try await diary.storedRendition(of: photo.sha256)
            else { continue }
            videosWithCopies.insert(photo.sha256)
            renditions.append(("renditions/\(photo.sha256).mp4", copy.sha256))
        }
        var files: [(name: String, sha256: String)] = []
        var pageMembers: [ArchiveMember] = []
        if html {
            let gallery = try await galleryMembers(of: snapshot, renditions: videosWithCopies, modificationTime: now)
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
        files += renditions
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
        let counts = snapshot.bundleCounts(files: files.count - thumbnailCount - renditions.count)
        var selected: [String: String] = [:]
        selected["petId"] = selection.petId
        selected["albumId"] = selection.albumId
        selected["from"] = selection.from
        selected["to"] = selection.to
        let manifest = BundleManifest(
            kind: "bundle", toolkitVersion: toolkitVersion, selection: selected,
            counts: counts.dictionary, members: records)
        let head = ArchiveMember(
            name: BundleManifest.fileName, source: .bytes(try manifest.encoded()), mode: 0o644, modificationTime: now)
        return ([head] + dataMembers + pageMembers + fileMembers, counts, spools)
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
        // The snapshot is a temporary, freed once the members are made; the records' JSON Lines wait in spools.
        let (members, counts, spools) = try await members(
            of: try await diary.store.snapshot(selection), selection: selection, html: html,
            spoolDirectory: Self.directory(of: path))
        defer { withExtendedLifetime(spools) {} }
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

    /// The models as JSON Lines: each one's wire record as JSON, then a newline.
    static func jsonLines<Model, Record: WireRecord>(_ models: [Model], as record: (Model) -> Record) -> [UInt8] {
        var bytes: [UInt8] = []
        for model in models {
            bytes += json(of: record(model))
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// A wire record's JSON.
    static func json(of record: some WireRecord) -> [UInt8] {
        var writer = JSONWriter()
        record.write(to: &writer)
        return writer.bytes
    }

    /// The directory part of `path`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The SHA-256 of the file at `path`, read in 1 MiB pieces off the cooperative pool.
    static func sha256(ofFile path: String) async throws -> String {
        let member = ArchiveMember(name: "bundle", source: .file(path: path))
        let records = try await BundleManifest.records(hashing: [member])
        return records.first?.sha256 ?? ""
    }
}
