#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `export.create` as ToolkitAPI's ``ExportCreate`` describes it, after the plugins' `export.beforeCreate`
/// (which may change the selection, or refuse), and publishes `export.completed`.
struct ExportCreateHandler: RPCHandler {
    typealias Method = ExportCreate

    let diary: Diary
    let events: EventBus
    let dataDirectory: String
    let hooks: PluginHooks

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        defer { FreedMemory.release() }
        let proposal = try await hooks.beforeExport(
            ExportBeforeCreate.Params(
                petId: params.petId, albumId: params.albumId, from: params.from, to: params.to, path: params.path))
        let selection = DiarySelection(
            petId: proposal.petId, albumId: proposal.albumId, from: proposal.from, to: proposal.to)
        let target = try await self.target(params.path, selection: selection, context: context)
        let reporter = context.progressReporter(unit: "bytes")
        let outcome = try await BundleExport(diary: diary, toolkitVersion: ToolkitVersion.current).export(
            selection, html: params.html ?? false, to: target
        ) { done, total in
            reporter.report(done: Int(done), total: Int(total))
        }
        events.publish(
            ExportCompleted.self, ExportCompletedRecord(path: outcome.path, size: outcome.size, sha256: outcome.sha256))
        return Method.Result(path: outcome.path, size: outcome.size, sha256: outcome.sha256, counts: outcome.counts)
    }

    /// Where the bundle goes (``ExportTarget``); only the core's own user may name a path.
    /// - Throws: -32003 for a client of another user, else what ``ExportTarget`` throws.
    func target(_ path: String?, selection: DiarySelection, context: RPCContext) async throws -> String {
        if path != nil { try PathAccess.check(context) }
        return try await ExportTarget.resolve(path, selection: selection, diary: diary, dataDirectory: dataDirectory)
    }
}
