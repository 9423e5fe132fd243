#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC
import PetDiary
import PluginHost
import ToolkitAPI

/// The diary's hook points, and the core's own (`export.beforeCreate`), answered by the plugins that
/// declared them: each proposal goes through the plugin host's chain as JSON, and comes back changed, or
/// refused.
struct PluginHooks: DiaryHooks {
    let host: PluginHost

    func beforeImport(_ photo: PhotoProposal) async throws -> HookDecision<PhotoProposal> {
        try await ask(PhotoBeforeImport.name, photo)
    }

    func beforeSave(_ entry: EntryProposal) async throws -> HookDecision<EntryProposal> {
        try await ask(EntryBeforeSave.name, entry)
    }

    /// `export.beforeCreate`: before a share bundle is written; returns the selection as the plugins left it.
    /// - Throws: ``PluginRejection`` when a plugin refused (or failed closed).
    func beforeExport(_ export: ExportBeforeCreate.Params) async throws -> ExportBeforeCreate.Params {
        // `ask` throws a refusal rather than returning it.
        guard case .continue(let changed) = try await ask(ExportBeforeCreate.name, export) else { return export }
        return changed ?? export
    }

    /// `archive.beforeCreate`: before an archive is written; a plugin may refuse, and cannot change anything.
    /// - Throws: ``PluginRejection`` when a plugin refused (or failed closed).
    func beforeArchive(_ archive: ArchiveBeforeCreate.Params) async throws {
        _ = try await ask(ArchiveBeforeCreate.name, archive)
    }

    /// Runs the chain; a changed proposal keeps what plugins may not change (the content's facts, the id).
    private func ask<Proposal: Codable & Sendable & Equatable>(
        _ hook: String, _ proposal: Proposal
    ) async throws -> HookDecision<Proposal> {
        guard host.hasHook(hook) else { return .continue(nil) }
        let params = try RawJSON(encoding: proposal).decode(JSONValue.self)
        switch await host.runHook(hook, params: params) {
        case .continue(let changed):
            guard changed != params else { return .continue(nil) }
            let merged = Self.merge(changed, into: params)
            do {
                let decoded = try RawJSON(merged).decode(Proposal.self)
                return .continue(decoded == proposal ? nil : decoded)
            } catch {
                throw PluginRejection(
                    plugin: "", hook: hook, reason: "failed",
                    message: "A plugin changed the \(hook) params into something that is not valid: \(error).")
            }
        case .reject(let plugin, let message, let reason):
            throw PluginRejection(plugin: plugin, hook: hook, reason: reason, message: message)
        }
    }

    /// `changed`'s members over `original`'s (a plugin may send back only what it changed).
    private static func merge(_ changed: JSONValue, into original: JSONValue) -> JSONValue {
        guard case .object(let new) = changed, case .object(let old) = original else { return original }
        var members = old
        for (key, value) in new {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = value
            } else {
                members.append((key, value))
            }
        }
        return .object(members)
    }
}

/// A plugin refused a change (or failed closed): -32004 naming the plugin and the hook. Its description is the
/// plugin's message, which is what a bulk import lists a refused file's reason as.
struct PluginRejection: Error, RPCErrorConvertible, CustomStringConvertible {
    let plugin: String
    let hook: String
    /// `rejected`, or `failed` for a plugin that fails closed.
    let reason: String
    let message: String

    var description: String { message }

    var rpcError: RPCError {
        RPCError(
            code: .pluginUnavailable, message: message,
            data: ["plugin": .string(plugin), "hook": .string(hook), "reason": .string(reason)])
    }
}
