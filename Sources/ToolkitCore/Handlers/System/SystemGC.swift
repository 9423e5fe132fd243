import JSONRPC
import PetDiary

/// `system.gc` → what the maintenance pass removed: temp files left by a crash, and blobs nothing refers to.
struct SystemGC: RPCMethod {
    static let name = "system.gc"
    static let summary = "Runs the maintenance pass now (it also runs at start-up): removes temp files that an interrupted import left, and media files no record refers to."
    static let resultSchema = JSONSchema.object(["temporaries": .integer(), "blobs": .integer(), "bytes": .integer()])

    typealias Result = MaintenancePass.Report

    let maintenance: MaintenancePass

    func handle(_ params: NoParams, context: RPCContext) async throws -> MaintenancePass.Report {
        try await maintenance.run()
    }
}
