/// The order hooks run in: load order, adjusted so each plugin runs before those it names in `before`
/// and after those in `after`. Constraints naming a plugin that is not there are ignored; if they form a
/// cycle, the plugins in it keep load order.
enum HookOrder {
    /// Indices into `entries` (given in load order), in running order.
    static func sorted(_ entries: [(name: String, before: [String], after: [String])]) -> [Int] {
        let index = Dictionary(
            entries.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var edges = Array(repeating: Set<Int>(), count: entries.count)
        var incoming = Array(repeating: 0, count: entries.count)
        func edge(_ from: Int, _ to: Int) {
            guard from != to, edges[from].insert(to).inserted else { return }
            incoming[to] += 1
        }
        for (position, entry) in entries.enumerated() {
            for name in entry.before { if let other = index[name] { edge(position, other) } }
            for name in entry.after { if let other = index[name] { edge(other, position) } }
        }
        var order: [Int] = []
        var done = Array(repeating: false, count: entries.count)
        while order.count < entries.count {
            // The first in load order with nothing left to wait for; in a cycle, the first not yet placed.
            let next =
                (0..<entries.count).first { !done[$0] && incoming[$0] == 0 } ?? (0..<entries.count).first { !done[$0] }!
            done[next] = true
            order.append(next)
            for target in edges[next] { incoming[target] -= 1 }
        }
        return order
    }
}
