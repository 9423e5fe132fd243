public import JSONRPC

/// `pets.get {id}` → the pet.
public enum PetsGet: APIMethod {
    public static let name = "pets.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Returns one pet."
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = APISchema.pet
    /// Params may also be given by position: `[id]`.
    public static let positionalParameters: [String]? = ["id"]

    /// The pet's id.
    public typealias Params = RecordID
    /// The pet; -32001 when no pet has the id.
    public typealias Result = PetRecord
}
