#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC
import ToolkitAPI

/// A pet by its name and an album by its title, wherever a built-in tool takes its id, as the CLI takes them:
/// `petId` and `albumId`, and `id` of the `pets_` and `albums_` tools. The bridge looks the name up with the
/// core's list methods and gives the core the id, so the core's contract stays ids. A value that is a UUID is
/// left as it is.
enum RecordNames {
    enum Kind {
        case pet
        case album

        var noun: String { self == .pet ? "pet" : "album" }
        var called: String { self == .pet ? "named" : "titled" }
        var listTool: String { self == .pet ? "pets_list" : "albums_list" }
    }

    /// Which record the argument `member` of `method` names, when it may name one by name.
    static func kind(ofMember member: String, method: String) -> Kind? {
        switch member {
        case "petId": .pet
        case "albumId": .album
        case "id" where method.hasPrefix("pets."): .pet
        case "id" where method.hasPrefix("albums."): .album
        default: nil
        }
    }

    /// Whether the arguments of a call of `tool` give a name where an id goes, read without decoding them.
    static func named(in arguments: RawJSON, of tool: BridgedTool) -> Bool {
        guard tool.takesNames, let members = JSONStructure.members(of: arguments.buffer)
        else { return false }
        return members.contains { member in
            kind(ofMember: member.key, method: tool.method) != nil
                && JSONStructure.string(in: member.value).map { UUID(uuidString: $0) == nil } == true
        }
    }

    /// The arguments with each name where an id goes replaced by the id of the one record of that name (an album
    /// among the albums of the call's pet, when it gives one).
    /// - Throws: ``NameRefusal`` when no record or several have that name; ``JSONRPC/RPCError`` as the core
    ///   answers its list methods.
    static func resolved(
        _ members: [(String, JSONValue)], method: String, calls: ResourceCalls
    ) async throws -> [(String, JSONValue)] {
        var members = members
        let lookup = RecordLookup(calls: calls)
        // The pet first: an album's title is looked up among that pet's albums.
        var petID: String?
        for index in members.indices where kind(ofMember: members[index].0, method: method) == .pet {
            guard case .string(let given) = members[index].1 else { continue }
            let id = try await lookup.id(of: .pet, for: given)
            members[index].1 = .string(id)
            petID = id
        }
        for index in members.indices where kind(ofMember: members[index].0, method: method) == .album {
            guard case .string(let given) = members[index].1 else { continue }
            members[index].1 = .string(try await lookup.id(of: .album, for: given, ofPet: petID))
        }
        return members
    }
}

/// Why a name given where an id goes was refused: no record has it, or several do (each listed with what tells
/// it apart).
struct NameRefusal: Error {
    var message: String
}

extension RecordNames {
    /// Whether the input schema of `method` has a param that may take a name.
    static func takesNames(_ schema: JSONValue, method: String) -> Bool {
        guard case .object(let properties)? = schema["properties"] else { return false }
        return properties.contains { kind(ofMember: $0.0, method: method) != nil }
    }

    /// A built-in tool's input schema with the description of each param that takes a name saying so.
    static func describingNames(in schema: JSONValue, method: String) -> JSONValue {
        guard case .object(var members) = schema, let index = members.firstIndex(where: { $0.0 == "properties" }),
            case .object(var properties) = members[index].1
        else { return schema }
        for position in properties.indices {
            guard let kind = kind(ofMember: properties[position].0, method: method),
                case .object(var property) = properties[position].1
            else { continue }
            property.removeAll { $0.0 == "description" }
            property.append(("description", .string(kind.description)))
            properties[position].1 = .object(property)
        }
        members[index].1 = .object(properties)
        return .object(members)
    }
}

extension RecordNames.Kind {
    /// What a param that takes this kind says in a tool's input schema.
    var description: String {
        switch self {
        case .pet:
            "A pet's id (UUID) or its name (보리). A name several pets share is refused, listing them."
        case .album:
            "An album's id (UUID) or its title, looked up among the albums of petId when given. A title several "
                + "albums share is refused, listing them with their pet and photo count."
        }
    }
}
