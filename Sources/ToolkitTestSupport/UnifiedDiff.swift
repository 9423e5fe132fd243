/// A unified diff (`---`/`+++` headers, `@@` hunks, `-`/`+`/space line prefixes) from `expected` to
/// `actual`, for test failure messages; empty when the two are equal.
///
/// Lines are split on `\n`; a missing or extra final newline shows as a `-` or `+` empty line. Meant for
/// texts of a few hundred lines (the longest common subsequence is computed in full).
/// - Parameters:
///   - expected: the reference text, such as a snapshot file.
///   - actual: the text the code produced.
///   - expectedName: the name printed after `---`.
///   - actualName: the name printed after `+++`.
///   - context: how many unchanged lines to show around each change.
public func unifiedDiff(
    expected: String, actual: String, expectedName: String = "expected", actualName: String = "actual",
    context: Int = 3
) -> String {
    guard expected != actual else { return "" }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)

    // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    // The edit script: one (prefix, line, old index, new index) per line of either text.
    var script: [(mark: Character, line: Substring, old: Int, new: Int)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
        if i < old.count, j < new.count, old[i] == new[j] {
            script.append((" ", old[i], i, j))
            i += 1
            j += 1
        } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
            script.append(("-", old[i], i, j))
            i += 1
        } else {
            script.append(("+", new[j], i, j))
            j += 1
        }
    }

    var output = "--- \(expectedName)\n+++ \(actualName)\n"
    var index = 0
    while let change = script[index...].firstIndex(where: { $0.mark != " " }) {
        let start = max(change - context, index)
        // Extend the hunk while the next change is within 2 × context unchanged lines.
        var end = change
        var cursor = change
        while cursor < script.count {
            if script[cursor].mark != " " {
                end = cursor
            } else if cursor - end > 2 * context {
                break
            }
            cursor += 1
        }
        let stop = min(end + context + 1, script.count)
        let hunk = script[start..<stop]
        let oldCount = hunk.filter { $0.mark != "+" }.count
        let newCount = hunk.filter { $0.mark != "-" }.count
        // A range of no lines starts at the line before it, as in `diff -u` (an insertion at the top is `-0,0`).
        let oldStart = hunk.first!.old + (oldCount == 0 ? 0 : 1)
        let newStart = hunk.first!.new + (newCount == 0 ? 0 : 1)
        output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
        for entry in hunk { output += "\(entry.mark)\(entry.line)\n" }
        index = stop
    }
    return output
}
