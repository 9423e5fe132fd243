import ArgumentParser
import ToolkitCore

/// "Did you mean …?" for a mistyped command name (`toolkit pet`, `toolkit diary serach`), as git and gh say it:
/// swift-argument-parser suggests options (`--oldets` → `--oldest`) but not subcommands.
enum CommandSuggestion {
    /// The message for `arguments` when a leading word is no command of the one before it: the one it is close to
    /// (a letter or two off, letters swapped, or a beginning of it), else the group's commands; nil when the words
    /// name commands, or the word may be an option's value.
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root._commandName]
        for (index, word) in arguments.enumerated() where !word.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, word != "help" else { return nil }
            if let next = subcommands.first(where: { $0._commandName == word }) {
                command = next
                path.append(word)
                continue
            }
            let names = subcommands.map { $0._commandName }
            let parent = path.joined(separator: " ")
            guard let best = closest(to: word, among: names) else {
                // After an option the word may be its value (`--album Walks`): then say nothing.
                if index > 0, arguments[index - 1].hasPrefix("-"), !arguments[index - 1].contains("=") { return nil }
                return """
                    Error: '\(word)' is not a command of '\(parent)'. Its commands: \(names.joined(separator: ", ")).
                      See '\(parent) --help' for what each does.
                    """
            }
            return """
                Error: '\(word)' is not a command of '\(parent)'. Did you mean '\(best)'?
                  See '\(parent) --help' for its commands.
                """
        }
        return nil
    }

    /// The message for `toolkit help WORDS…` when a word is no command of the one before it (swift-argument-parser
    /// would print the help of the last command it knew, with status 0); nil when every word names a command.
    static func helpMessage(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        guard arguments.first == "help" else { return nil }
        var command = root
        var path = [root._commandName]
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            let named = { (command: any ParsableCommand.Type) in
                command._commandName == word || command.configuration.aliases.contains(word)
            }
            if let next = subcommands.first(where: named) {
                command = next
                path.append(word)
                continue
            }
            let parent = path.joined(separator: " ")
            guard !subcommands.isEmpty else { return "Error: '\(parent)' has no commands; see '\(parent) --help'." }
            let names = subcommands.map { $0._commandName }
            let suggestion = closest(to: word, among: names).map { " Did you mean '\($0)'?" }
            return """
                Error: '\(word)' is not a command of '\(parent)'.\(suggestion ?? "")
                  See '\(parent) --help' for its commands.
                """
        }
        return nil
    }

    /// The name nearest to `word`, when it is near enough to be what was meant.
    static func closest(to word: String, among names: [String]) -> String? {
        let scored = names.map { name -> (name: String, distance: Int) in
            (name, name.hasPrefix(word) && word.count >= 2 ? 1 : EditDistance.edits(from: word, to: name))
        }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= min(2, max(1, best.name.count / 3)) ? best.name : nil
    }
}
