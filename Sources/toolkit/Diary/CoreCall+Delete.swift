import Foundation
import JSONRPC
import ToolkitAPI

extension CoreCall {
    /// Deletes a pet or an album with `method`; the core's refusal of one that still holds things is shown
    /// naming `shownName` and the `--force` flag rather than the method's param.
    /// - Returns: what was deleted, or nil with `--json` (the core's answer printed).
    /// - Throws: `ExitCode` 1 after printing the core's error.
    func delete<Method: APIMethod>(
        _ method: Method.Type, id: String, force: Bool, shownName: String
    ) async throws -> DeletionRecord? where Method.Params == ForcedDeletion, Method.Result == DeletionRecord {
        do {
            return try await call(method, .init(id: id, force: force ? true : nil)) {
                $0.code == .conflict && !global.json
            }
        } catch let error as RPCError {
            let message = error.message.replacingOccurrences(of: "The pet has", with: "'\(shownName)' has")
                .replacingOccurrences(of: "The album has", with: "'\(shownName)' has")
                .replacingOccurrences(of: "pass force: true", with: "add --force")
            printError(message)
            throw ToolkitExit.rpcError
        }
    }
}

/// `Deleted pet 보리`, then what went with it: `, with 1 album, 3 photos and 2 diary entries`.
/// - Parameter noun: `pet` or `album`; an album is not counted among what went with itself.
func deletionSentence(_ noun: String, _ name: String, _ deleted: DeletionRecord) -> String {
    var parts: [String] = []
    if deleted.albums > 0, noun != "album" { parts.append(counted(deleted.albums, "album")) }
    if deleted.photos > 0 { parts.append(counted(deleted.photos, "photo")) }
    if deleted.entries > 0 { parts.append(counted(deleted.entries, "diary entry", "diary entries")) }
    var sentence = "Deleted \(noun) \(name)"
    if let last = parts.popLast() {
        sentence += ", with " + (parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last)
    }
    return sentence
}
