public import JSONRPC

/// `pets.get {id}` → the pet.
public enum PetsGet: APIMethod {
    public static let name = "pets.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = "Returns one pet."
    public static let paramsSchema: JSONSchema = APISchema.idOnly
    public static let resultSchema: JSONSchema = APISchema.pet
    public static let positionalParameters: [String]? = ["id"]

    public typealias Params = RecordID
    public typealias Result = PetRecord
}
