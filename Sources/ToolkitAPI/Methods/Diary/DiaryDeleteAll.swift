public import JSONRPC

/// `diary.deleteAll {confirm}` → `{deleted: n}`; `confirm` must be the diary's name.
public enum DiaryDeleteAll: APIMethod {
    public static let name = "diary.deleteAll"
    public static let effect: RPCMethodEffect = .destroy
    public static let summary = """
        Deletes every diary entry. confirm must equal the diary's name (settings.get); otherwise -32002 and \
        nothing is deleted. Photos stay.
        """
    public static let paramsSchema: JSONSchema = .object(
        ["confirm": .string(description: "The diary's name, exactly.")], required: ["confirm"])
    public static let resultSchema: JSONSchema = .object(["deleted": .integer()])

    /// The params of `diary.deleteAll`: `{confirm}`.
    public struct Params: Codable, Sendable, Hashable {
        /// The diary's name, exactly.
        public var confirm: String

        /// Makes the params.
        public init(confirm: String) {
            self.confirm = confirm
        }
    }
    /// How many entries were deleted; -32002 (and nothing deleted) when `confirm` is not the diary's name.
    public typealias Result = DeletedCount
}
