import JSONRPC

extension ConfigFile {
    /// What is wrong with a config file whose contents are `json` because of a key the core does not know, at any
    /// depth except inside `plugins.options` (each plugin's own): the key, and the nearest known one when one is
    /// near enough to be what was meant (`unknown key "plugins.callTimout"; did you mean "plugins.callTimeout"?`),
    /// else the keys it may have. Nil when every key is known.
    static func unknownKey(in json: JSONValue) -> String? {
        unknownKey(in: json, of: ConfigFile.self, at: "")
    }

    private static func unknownKey(
        in json: JSONValue, of section: any ConfigSection.Type, at prefix: String
    ) -> String? {
        guard case .object(let members) = json else { return nil }
        let keys = section.keys
        for (name, value) in members {
            guard let known = keys.first(where: { $0.name == name }) else {
                let names = keys.map(\.name)
                if let nearest = nearest(to: name, among: names) {
                    return "unknown key \"\(prefix + name)\"; did you mean \"\(prefix + nearest)\"?"
                }
                let place = prefix.isEmpty ? "at the top" : "in \(prefix.dropLast())"
                return "unknown key \"\(prefix + name)\"; the keys known \(place) are \(names.joined(separator: ", "))."
            }
            if let inner = known.section, let problem = unknownKey(in: value, of: inner, at: prefix + name + ".") {
                return problem
            }
        }
        return nil
    }

    /// The known key nearest to `name`, letter case aside, when it is near enough to be what was meant: a few
    /// letters off, or the one a beginning of the other.
    private static func nearest(to name: String, among names: [String]) -> String? {
        let word = name.lowercased()
        let scored = names.map { known -> (name: String, distance: Int) in
            let lower = known.lowercased()
            let prefix = min(word.count, lower.count) >= 4 && (lower.hasPrefix(word) || word.hasPrefix(lower))
            return (known, prefix ? 1 : EditDistance.edits(from: word, to: lower))
        }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= min(3, max(1, best.name.count / 3)) ? best.name : nil
    }
}
