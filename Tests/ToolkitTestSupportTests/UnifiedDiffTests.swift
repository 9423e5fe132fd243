import Foundation
import Testing
import ToolkitTestSupport

/// The unified diff that snapshot tests print.
struct UnifiedDiffTests {
    @Test func equalTextsHaveNoDiff() {
        #expect(unifiedDiff(expected: "a\nb\n", actual: "a\nb\n") == "")
    }

    @Test func aChangedLineIsOneHunkWithItsContext() {
        let expected = (1...9).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let actual = expected.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            unifiedDiff(expected: expected, actual: actual, expectedName: "old", actualName: "new") == """
                --- old
                +++ new
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test func distantChangesAreSeparateHunksAndNearOnesShareOne() {
        let expected = (1...20).map { "\($0)" }.joined(separator: "\n")
        let actual = expected.replacingOccurrences(of: "\n2\n", with: "\n2b\n")
            .replacingOccurrences(of: "\n18\n", with: "\n")
        let diff = unifiedDiff(expected: expected, actual: actual, context: 1)
        #expect(
            diff == """
                --- expected
                +++ actual
                @@ -1,3 +1,3 @@
                 1
                -2
                +2b
                 3
                @@ -17,3 +17,2 @@
                 17
                -18
                 19

                """)
    }

    /// A small edit at an edge: expected, actual, and the one hunk (after the two header lines), with no context.
    struct EdgeCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var expected: String
        var actual: String
        var hunk: String
    }

    static let edges: [EdgeCase] = [
        .init(testDescription: "a missing final newline", expected: "a\n", actual: "a", hunk: "@@ -2,1 +1,0 @@\n-\n"),
        // A range of no lines starts at the line before it: an insertion at the top is -0,0.
        .init(testDescription: "an insertion at the top", expected: "b", actual: "a\nb", hunk: "@@ -0,0 +1,1 @@\n+a\n"),
        .init(testDescription: "a deleted last line", expected: "a\nb", actual: "a", hunk: "@@ -2,1 +1,0 @@\n-b\n"),
    ]

    @Test(arguments: edges)
    func anEditAtAnEdgeNumbersItsRangesAsDiffDoes(_ edge: EdgeCase) {
        let diff = unifiedDiff(expected: edge.expected, actual: edge.actual, context: 0)
        #expect(diff == "--- expected\n+++ actual\n" + edge.hunk)
    }
}
