import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `system.gc` as ToolkitAPI's ``SystemGC`` describes it.
struct SystemGCHandler: RPCHandler {
    typealias Method = SystemGC

    let maintenance: MaintenancePass

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let report = try await maintenance.run()
        return Method.Result(temporaries: report.temporaries, blobs: report.blobs, bytes: report.bytes)
    }
}
