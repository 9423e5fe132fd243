public import JSONRPC

/// `photos.get {id}` → the photo.
public enum PhotosGet: APIMethod {
    public static let name = "photos.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Returns one photo or video: its sha256, size, type, dimensions, taken-at time, memo and favourite mark.
        """
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = APISchema.photo
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The photo's id.
    public typealias Params = RecordID
    /// The photo; -32001 when no photo has the id.
    public typealias Result = PhotoRecord
}
