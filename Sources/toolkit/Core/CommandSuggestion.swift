import ArgumentParser

/// "Did you mean …?" for a mistyped command name (`toolkit pet`, `toolkit diary serach`), as git and gh say it:
/// swift-argument-parser suggests options (`--oldets` → `--oldest`) but not subcommands.
enum CommandSuggestion {
    /// The message for `arguments` when a leading word is no command of the one before it but is close to one
    /// (a letter or two off, letters swapped, or a beginning of it); nil when there is none to suggest.
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root._commandName]
        for word in arguments where !word.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, word != "help" else { return nil }
            if let next = subcommands.first(where: { $0._commandName == word }) {
                command = next
                path.append(word)
                continue
            }
            let names = subcommands.map { $0._commandName }
            guard let best = closest(to: word, among: names) else { return nil }
            let parent = path.joined(separator: " ")
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
            (name, name.hasPrefix(word) && word.count >= 2 ? 1 : distance(Array(word), Array(name)))
        }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= min(2, max(1, best.name.count / 3)) ? best.name : nil
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
