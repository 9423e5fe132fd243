import ArgumentParser

/// Finds the pet or album a command names, by name (an album's title) or id, a page at a time: from the core,
/// or from the store itself when a command works offline. Every `--pet` and `--album` option goes through here,
/// and so does a sound named by its title.
enum RecordLookup {
    /// What is looked up, and how people call it.
    enum Kind {
        case pet
        case album
        case sound

        var noun: String {
            switch self {
            case .pet: "pet"
            case .album: "album"
            case .sound: "sound"
            }
        }
        /// How a record is called by name: pets are named, albums and sounds titled.
        var called: String { self == .pet ? "named" : "titled" }
        /// The command that lists them.
        var listCommand: String {
            switch self {
            case .pet: "toolkit pets"
            case .album: "toolkit albums"
            case .sound: "toolkit sound list"
            }
        }
    }

    /// A record a name may stand for: its id, name, and what tells it from others of that name (an album's pet
    /// and photo count).
    struct Candidate {
        var id: String
        var name: String
        var detail: String? = nil
    }

    /// The id of the `kind` called `nameOrID`: itself when it is the id of one, else the one with that name.
    /// - Parameters:
    ///   - page: the records after a cursor, and the next cursor.
    ///   - narrowing: how to pick one of several with that name, said in the refusal (`add --pet NAME`).
    /// - Throws: `ValidationError` when none or several have that name; the latter lists them with their details.
    static func id(
        of kind: Kind, for nameOrID: String, narrowing: String? = nil,
        page: (String?) async throws -> ([Candidate], String?)
    ) async throws -> String {
        var matches: [Candidate] = []
        var cursor: String?
        repeat {
            let (items, next) = try await page(cursor)
            if let record = items.first(where: { $0.id == nameOrID }) { return record.id }
            matches += items.filter { $0.name == nameOrID }
            cursor = next
        } while cursor != nil
        switch matches.count {
        case 1: return matches[0].id
        case 0:
            throw ValidationError(
                "No \(kind.noun) is \(kind.called) or has the id '\(nameOrID)'; see \(kind.listCommand).")
        default:
            let listed = matches.map { match in match.detail.map { "\(match.id) (\($0))" } ?? match.id }
            throw ValidationError(
                "\(matches.count) \(kind.noun)s are \(kind.called) '\(nameOrID)': "
                    + listed.joined(separator: ", ") + "; " + (narrowing.map { $0 + ", or " } ?? "")
                    + "give one's id.")
        }
    }
}
