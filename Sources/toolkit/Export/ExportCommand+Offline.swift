import Archiving
import ArgumentParser
import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI
import ToolkitCore

extension ExportCommand {
    /// The export with no core running: the same bundle through ``BundleExport`` on the data directory, the
    /// same output and exit statuses. No plugin is asked (`export.beforeCreate`) and no event published: there
    /// is no core to run them.
    func runOffline(target: String) async throws {
        let offline: OfflineFallback
        do {
            offline = try OfflineFallback(global)
        } catch {
            printError("\(error)")
            throw ToolkitExit.configuration
        }
        if !quiet { printError(offline.notice(global)) }
        let display = ProgressDisplay(verb: "exporting", quiet: quiet || global.json)
        let result: ExportCreate.Result
        do {
            let diary = try offline.openDiary()
            let petId = try await pet.asyncMap { name in
                try await RecordLookup.id(of: .pet, for: name) { cursor in
                    let page = try await diary.store.pets.list(
                        page: PageRequest(limit: 500, cursor: cursor, order: .oldest))
                    return (page.items.map { .init(id: $0.id, name: $0.name) }, page.nextCursor)
                }
            }
            let albumId = try await album.asyncMap { title in
                try await RecordLookup.id(of: .album, for: title) { cursor in
                    let page = try await diary.store.albums.list(
                        petId: petId, page: PageRequest(limit: 500, cursor: cursor, order: .oldest))
                    return (page.items.map { .init(id: $0.id, name: $0.title) }, page.nextCursor)
                }
            }
            let selection = DiarySelection(petId: petId, albumId: albumId, from: from, to: to)
            let path = try await ExportTarget.resolve(
                target, selection: selection, diary: diary, dataDirectory: offline.dataDirectory)
            let handler = display.handler
            let outcome = try await BundleExport(diary: diary, toolkitVersion: ToolkitVersion.current).export(
                selection, html: html, to: path
            ) {
                done, total in
                handler?(ArchiveProgress(member: "", membersDone: 0, bytesDone: done, bytesTotal: total))
            }
            result = ExportCreate.Result(
                path: outcome.path, size: outcome.size, sha256: outcome.sha256, counts: outcome.counts)
        } catch let error as ValidationError {
            throw error
        } catch {
            display.finish()
            let rpc =
                (error as? any RPCErrorConvertible)?.rpcError ?? (error as? RPCError)
                ?? RPCError(
                    code: .internalError, message: "\(error)")
            if global.json { print(RPCErrorRendering.json(rpc)) }
            printError(RPCErrorRendering.sentence(rpc, verbose: global.verbose))
            throw ToolkitExit.rpcError
        }
        display.finish()
        if global.json {
            print(jsonLine(result))
            return
        }
        Self.report(result)
    }
}
