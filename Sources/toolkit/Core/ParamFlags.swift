import Foundation
import JSONRPC

/// The flags a command's user typed, by the names of the params the core knows them by, so that a refusal
/// naming a param names the flag instead: `photoIds lists a photo twice` reads `--photo lists a photo twice`.
///
/// The flags are read from the command's own `@Option` and `@Flag` properties, whose names ArgumentParser
/// turns into `--kebab-case` flags: the property `pet` answers for the params `pet`, `petId` and `petIds` as
/// `--pet`. A flag named otherwise than its property, or a param named otherwise than its flag, is given in
/// `renamed`.
struct ParamFlags {
    /// Each param's flag.
    private(set) var flags: [String: String] = [:]

    /// The flags of the options and flags of `parts`: the command, and the option groups it declares.
    /// - Parameter renamed: flags by param, over those read from the properties (`["photoIds": "--photo"]`).
    init(_ parts: Any..., renamed: [String: String] = [:]) {
        for part in parts {
            for child in Mirror(reflecting: part).children {
                let kind = String(describing: type(of: child.value))
                guard kind.hasPrefix("Option<") || kind.hasPrefix("Flag<"),
                    let label = child.label, label.hasPrefix("_")
                else { continue }
                let property = String(label.dropFirst())
                let flag = "--" + Self.kebabCase(property)
                for param in [property, property + "Id", property + "Ids"] where flags[param] == nil {
                    flags[param] = flag
                }
            }
        }
        flags.merge(renamed) { $1 }
    }

    /// `bodyFile` as ArgumentParser spells its flag: `body-file`.
    static func kebabCase(_ name: String) -> String {
        name.reduce(into: "") { text, character in
            if character.isUppercase && !text.isEmpty { text += "-" }
            text += character.lowercased()
        }
    }

    /// The core's message with the params it names put as the flags. A param whose name is one word (`limit`,
    /// `from`) is changed only where it stands for the param: as the first word of a message whose `data.field`
    /// it is, as the core begins its refusals (`limit is 900; …`); a camelCase name (`petId`) wherever it stands.
    func message(of error: RPCError) -> String {
        var text = error.message
        let field = Self.field(of: error)
        for (param, flag) in flags.sorted(by: { $0.key.count > $1.key.count }) {
            if param.contains(where: \.isUppercase) {
                text = Self.replacingWord(param, with: flag, in: text)
            } else if param == field, text.hasPrefix(param + " ") {
                text = flag + text.dropFirst(param.count)
            }
        }
        return text
    }

    /// `data.field` of an error, when it has one.
    static func field(of error: RPCError) -> String? {
        guard let data = error.data,
            let object = try? JSONSerialization.jsonObject(with: Data(data.text.utf8)) as? [String: Any]
        else { return nil }
        return object["field"] as? String
    }

    /// `text` with each `word` that is not part of a longer name replaced.
    private static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: word) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            let isWord = ![before, after].contains { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            result += rest[..<range.lowerBound] + (isWord ? replacement : word)
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
