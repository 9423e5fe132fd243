#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
package import PetDiary

/// Where an export's bundle goes, decided the same way for the core's `export.create` and the offline
/// `toolkit export`.
package enum ExportTarget {
    /// `path` itself, or the default name in `path` when it is a directory, or in `exports/` of
    /// `dataDirectory` when there is no path.
    /// - Throws: ``SharingError``: `.invalid` (-32602) for a relative path or one whose directory does not exist,
    ///   `.permissionDenied` (-32003) for a directory that may not be written into.
    package static func resolve(
        _ path: String?, selection: DiarySelection, diary: Diary, dataDirectory: String
    ) async throws -> String {
        let directory: String
        if let path {
            guard path.hasPrefix("/") else {
                throw SharingError.invalid("path '\(path)' is relative; give an absolute path.", field: "path")
            }
            if isDirectory(path) {
                directory = path
            } else {
                let slash = path.lastIndex(of: "/") ?? path.startIndex
                let parent = slash == path.startIndex ? "/" : String(path[..<slash])
                guard isDirectory(parent) else {
                    throw SharingError.invalid(
                        "The directory of path '\(path)' does not exist; create \(parent) first or choose "
                            + "another path.",
                        field: "path")
                }
                try requireWritable(parent)
                return path
            }
        } else {
            directory = dataDirectory + "/exports"
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try requireWritable(directory)
        let subject = try await self.subject(of: selection, diary: diary)
        let day = DiaryDay.today(in: diary.store.timeZone)
        var number = 1
        while true {
            let candidate = directory + "/" + ExportFileName.make(subject: subject, day: day, number: number)
            if access(candidate, F_OK) != 0 { return candidate }
            number += 1
        }
    }

    /// What a default name is made of: the selected pet's name (an album's pet), else the diary's name.
    static func subject(of selection: DiarySelection, diary: Diary) async throws -> String {
        var petId = selection.petId
        if petId == nil, let albumId = selection.albumId {
            petId = try await diary.store.albums.get(id: albumId).petId
        }
        if let petId { return try await diary.store.pets.get(id: petId).name }
        return try await diary.store.settings.get().diaryName
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func requireWritable(_ directory: String) throws {
        guard access(directory, W_OK | X_OK) == 0 else {
            throw SharingError(
                .permissionDenied, "The core may not write into \(directory); choose a directory it can write to.",
                path: directory)
        }
    }
}
