import JSONRPC
import PetDiary

/// `diary.tags {petId?}` → `{tags: [{tag, count}]}`, most used first.
struct DiaryTags: RPCMethod {
    static let name = "diary.tags"
    static let summary = "Every #tag written in an entry body (any script, lower-cased), with the number of entries using it, most used first."
    /// A read of a few rows: cheaper on the event loop than two thread switches.
    static let prefersEventLoop = true
    static let paramsSchema = JSONSchema.object(["petId": DiarySchema.id])
    static let resultSchema = JSONSchema.object(["tags": .array(of: .object(["tag": .string(), "count": .integer()]))])

    struct Params: Decodable, Sendable {
        var petId: String?
    }

    struct Result: Encodable, Sendable {
        var tags: [TagCount]
    }

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> Result {
        Result(tags: try await diary.store.tags(petId: params.petId))
    }
}
