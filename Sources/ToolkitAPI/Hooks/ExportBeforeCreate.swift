/// `export.beforeCreate`: called before `export.create` writes a share bundle. A plugin may change the
/// selection (`petId`, `albumId`, `from`, `to`); `path` is for it to read.
public enum ExportBeforeCreate: APIHook {
    public static let name = "export.beforeCreate"

    /// `{petId, albumId, from, to, path}` of `export.create`; null where the call gave none.
    public struct Params: Codable, Sendable, Hashable {
        /// Only this pet's albums, photos and entries.
        public var petId: String?
        /// Only this album.
        public var albumId: String?
        /// The first day, `YYYY-MM-DD`.
        public var from: String?
        /// The last day, `YYYY-MM-DD`.
        public var to: String?
        /// Where the bundle goes; null for the default place.
        public var path: String?

        /// Makes params.
        public init(
            petId: String? = nil, albumId: String? = nil, from: String? = nil, to: String? = nil, path: String? = nil
        ) {
            self.petId = petId
            self.albumId = albumId
            self.from = from
            self.to = to
            self.path = path
        }

        private enum CodingKeys: String, CodingKey { case petId, albumId, from, to, path }

        /// Writes every member, `null` when unset: the core takes the params back whole.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(petId, forKey: .petId)
            try container.encode(albumId, forKey: .albumId)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(path, forKey: .path)
        }
    }
}
