import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `sounds.import` as ToolkitAPI's ``SoundsImport`` describes it.
struct SoundsImportHandler: RPCHandler {
    typealias Method = SoundsImport

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let source: SoundSource
        switch (params.path, params.data) {
        case (let path?, nil):
            try PathAccess.check(context)
            source = .file(path)
        case (nil, let data?):
            source = .base64(data)
        default:
            let count = [params.path, params.data].compactMap { $0 }.count
            throw RPCError.invalidParams("Give exactly one of path or data; \(count) were given.", field: "path")
        }
        return SoundRecord(try await diary.importSound(from: source, title: params.title))
    }
}
