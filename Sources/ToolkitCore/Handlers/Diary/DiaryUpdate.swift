import JSONRPC
import PetDiary

/// `diary.update {id, title?, body?, date?, petId?, photoIds?, favorite?}` → the entry.
struct DiaryUpdate: RPCMethod {
    static let name = "diary.update"
    static let summary = "Changes the fields given, checked as on create. petId \"\" detaches the entry from its pet; photoIds replaces the list."
    static let paramsSchema = JSONSchema.object(
        [
            "id": DiarySchema.id, "title": .string(), "body": .string(), "date": DiarySchema.day,
            "petId": .string(), "photoIds": .array(of: DiarySchema.id), "favorite": .boolean(),
        ],
        required: ["id"])
    static let resultSchema = DiarySchema.entry

    struct Params: Decodable, Sendable {
        var id: String
        var title: String?
        var body: String?
        var date: String?
        var petId: String?
        var photoIds: [String]?
        var favorite: Bool?
    }

    typealias Result = DiaryEntry

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> DiaryEntry {
        try await diary.updateEntry(
            id: params.id,
            EntryFields(
                title: params.title, body: params.body, date: params.date, petId: params.petId,
                photoIds: params.photoIds, favorite: params.favorite))
    }
}
