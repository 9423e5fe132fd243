import Foundation
import PetDiary
import ToolkitCore

extension DoctorCommand {
    /// With no core running, the diary itself, opened through the library as the offline `export` and
    /// `archive` open it: the database's `PRAGMA integrity_check` and the blob store. Nothing is created.
    func offlineChecks() async -> [Check] {
        let offline: OfflineFallback
        do {
            offline = try OfflineFallback(global)
        } catch {
            return [Check(name: "config", status: "FAIL", detail: "\(error)")]
        }
        let directory = offline.dataDirectory
        guard FileManager.default.fileExists(atPath: directory + "/toolkit.sqlite") else {
            return [
                Check(
                    name: "database", status: "warn",
                    detail: "no diary in \(directory) yet (offline); `toolkit serve` creates it")
            ]
        }
        var isDirectory: ObjCBool = false
        let blobs =
            FileManager.default.fileExists(atPath: directory + "/blobs", isDirectory: &isDirectory)
                && isDirectory.boolValue
            ? Check(name: "blobs", status: "ok", detail: "\(directory)/blobs is there (offline)")
            : Check(
                name: "blobs", status: "FAIL",
                detail: "\(directory)/blobs is missing: the photos and sounds are gone; restore from an archive "
                    + "(toolkit restore)")
        do {
            let problems = try await DiaryStore(path: directory + "/toolkit.sqlite").integrityCheck()
            let database =
                problems == ["ok"]
                ? Check(name: "database", status: "ok", detail: "integrity_check ok (offline, \(directory))")
                : Check(
                    name: "database", status: "FAIL",
                    detail: "integrity_check: " + problems.prefix(3).joined(separator: "; ")
                        + "; restore from an archive (toolkit restore)")
            return [database, blobs]
        } catch {
            return [Check(name: "database", status: "FAIL", detail: "\(error)"), blobs]
        }
    }
}
