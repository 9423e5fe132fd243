import JSONRPC
import ToolkitAPI

extension ToolCallResult {
    /// The result of `photos.thumbnail` (a photo's thumbnail or a video's poster) as the client shows a picture:
    /// an MCP image block with the JPEG, then the rest of the core's answer as text and structured content,
    /// without the base64 (which a model cannot look at as text, and which would fill its context).
    /// - Throws: `DecodingError` for an answer that is not an object with a string `data`.
    static func image(_ raw: RawJSON) throws -> ToolCallResult {
        guard case .object(var members) = try raw.decode(JSONValue.self),
            let index = members.firstIndex(where: { $0.0 == "data" }), case .string(let data) = members[index].1
        else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no data in the thumbnail"))
        }
        members.remove(at: index)
        var mimeType = "image/jpeg"
        if let given = members.first(where: { $0.0 == "mediaType" }), case .string(let text) = given.1 {
            mimeType = text
        }
        let rest = JSONValue.object(members)
        let json = JSONValue.object([
            (
                "content",
                [
                    .object([("type", "image"), ("data", .string(data)), ("mimeType", .string(mimeType))]),
                    .object([("type", "text"), ("text", .string(rest.text))]),
                ]
            ),
            ("structuredContent", rest), ("isError", false),
        ])
        return ToolCallResult(json: RawJSON(json), outcome: "ok")
    }
}
