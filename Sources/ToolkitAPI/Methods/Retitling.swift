/// `{id, title}`: the params of a method that gives a record a new title (`albums.rename`, `sounds.rename`).
public struct Retitling: Codable, Sendable, Hashable {
    /// A record id (UUID).
    ///
    /// A sound id: a UUID, or a built-in sound's name (squeak, whistle, bell, clicker, chirp).
    public var id: String
    /// The new title: up to 50 characters, not empty.
    public var title: String

    /// Makes the params.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
