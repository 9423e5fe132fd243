import JSONRPC
import PetDiary

extension NoteTarget {
    /// The entry or photo a `notes.*` call names.
    /// - Throws: -32602 naming `entryId` unless exactly one of the two ids is given.
    init(entryId: String?, photoId: String?) throws {
        switch (entryId, photoId) {
        case (let id?, nil): self = .entry(id)
        case (nil, let id?): self = .photo(id)
        default:
            let count = [entryId, photoId].compactMap { $0 }.count
            throw RPCError.invalidParams(
                "Give exactly one of entryId and photoId: the entry or the photo the note is on; \(count) were given.",
                field: "entryId")
        }
    }
}
