import JSONRPC
import PetDiary

/// `diary.create {title, body, date?, petId?, photoIds?, favorite?}` → the entry.
struct DiaryCreate: RPCMethod {
    static let name = "diary.create"
    static let summary = "Writes a diary entry. Title and body are limited by settings (15 and 500 characters by default); #tags in the body are collected; date defaults to today."
    static let paramsSchema = JSONSchema.object(
        [
            "title": .string(), "body": .string(), "date": DiarySchema.day, "petId": DiarySchema.id,
            "photoIds": .array(of: DiarySchema.id, description: "In the order they are shown."), "favorite": .boolean(),
        ],
        required: ["title", "body"])
    static let resultSchema = DiarySchema.entry

    struct Params: Decodable, Sendable {
        var title: String
        var body: String
        var date: String?
        var petId: String?
        var photoIds: [String]?
        var favorite: Bool?
    }

    typealias Result = DiaryEntry

    let diary: Diary

    func handle(_ params: Params, context: RPCContext) async throws -> DiaryEntry {
        try await diary.createEntry(
            EntryFields(
                title: params.title, body: params.body, date: params.date, petId: params.petId,
                photoIds: params.photoIds, favorite: params.favorite))
    }
}
