/// What `export.beforeCreate` shows a plugin: the selection of a share bundle about to be written, and where
/// it goes (null: the default). A plugin may narrow or change the selection; `path` is for it to read.
struct ExportProposal: Codable, Sendable, Equatable {
    var petId: String?
    var albumId: String?
    var from: String?
    var to: String?
    var path: String?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(petId, forKey: .petId)
        try container.encode(albumId, forKey: .albumId)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(path, forKey: .path)
    }
}
