#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `export.create` as ToolkitAPI's ``ExportCreate`` describes it, after the plugins' `export.beforeCreate`
/// (which may change the selection, or refuse), and publishes `export.completed`.
struct ExportCreateHandler: RPCHandler {
    typealias Method = ExportCreate

    /// The `data` of an `export.completed` event.
    struct Completed: Encodable, Sendable {
        var path: String
        var size: Int64
        var sha256: String
    }

    let diary: Diary
    let events: EventBus
    let dataDirectory: String
    let hooks: PluginHooks

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let proposal = try await hooks.beforeExport(
            ExportProposal(
                petId: params.petId, albumId: params.albumId, from: params.from, to: params.to, path: params.path))
        let selection = DiarySelection(
            petId: proposal.petId, albumId: proposal.albumId, from: proposal.from, to: proposal.to)
        let target = try await self.target(params.path, selection: selection, context: context)
        let reporter = context.progressReporter(unit: "bytes")
        let outcome = try await BundleExport(diary: diary).export(
            selection, html: params.html ?? false, to: target
        ) { done, total in
            reporter.report(done: Int(done), total: Int(total))
        }
        events.publish(
            "export.completed", data: Completed(path: outcome.path, size: outcome.size, sha256: outcome.sha256))
        return Method.Result(path: outcome.path, size: outcome.size, sha256: outcome.sha256, counts: outcome.counts)
    }

    /// Where the bundle goes: `path` itself, or the default name in `path` when it is a directory, or in
    /// `exports/` of the data directory when there is no path.
    /// - Throws: -32602 for a relative path or one whose directory does not exist, -32003 for a client of
    ///   another user or a directory the core may not write into.
    func target(_ path: String?, selection: DiarySelection, context: RPCContext) async throws -> String {
        let directory: String
        if let path {
            try PathAccess.check(context)
            guard path.hasPrefix("/") else {
                throw RPCError.invalidParams("path '\(path)' is relative; give an absolute path.", field: "path")
            }
            if Self.isDirectory(path) {
                directory = path
            } else {
                let slash = path.lastIndex(of: "/") ?? path.startIndex
                let parent = slash == path.startIndex ? "/" : String(path[..<slash])
                guard Self.isDirectory(parent) else {
                    throw RPCError.invalidParams(
                        "The directory of path '\(path)' does not exist; create \(parent) first or choose "
                            + "another path.",
                        field: "path")
                }
                try Self.requireWritable(parent)
                return path
            }
        } else {
            directory = dataDirectory + "/exports"
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try Self.requireWritable(directory)
        let subject = try await self.subject(of: selection)
        let day = DiaryDay.today()
        var number = 1
        while true {
            let candidate = directory + "/" + ExportFileName.make(subject: subject, day: day, number: number)
            if access(candidate, F_OK) != 0 { return candidate }
            number += 1
        }
    }

    /// What a default name is made of: the selected pet's name (an album's pet), else the diary's name.
    func subject(of selection: DiarySelection) async throws -> String {
        var petId = selection.petId
        if petId == nil, let albumId = selection.albumId {
            petId = try await diary.store.album(id: albumId).petId
        }
        if let petId { return try await diary.store.pet(id: petId).name }
        return try await diary.store.settings().diaryName
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func requireWritable(_ directory: String) throws {
        guard access(directory, W_OK | X_OK) == 0 else {
            throw RPCError(
                code: .permissionDenied,
                message: "The core may not write into \(directory); choose a directory it can write to.",
                data: .object([("path", .string(directory))]))
        }
    }
}
