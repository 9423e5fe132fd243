public import JSONRPC

/// `photos.delete {id}` → `{photos: 1}`; the bytes go when nothing else uses them.
public enum PhotosDelete: APIMethod {
    public static let name = "photos.delete"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Deletes a photo, takes it out of the diary entries that show it, and removes its file when no other \
        album holds the same bytes.
        """
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = APISchema.deletion
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The photo's id.
    public typealias Params = RecordID
    /// `photos` 1; -32001 when no photo has the id.
    public typealias Result = DeletionRecord
}
