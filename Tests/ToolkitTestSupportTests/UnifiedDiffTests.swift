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

    @Test func aMissingFinalNewlineShows() {
        #expect(
            unifiedDiff(expected: "a\n", actual: "a") == """
                --- expected
                +++ actual
                @@ -1,2 +1,1 @@
                 a
                -

                """)
    }

    @Test func anEmptyRangeStartsAtTheLineBeforeIt() {
        #expect(
            unifiedDiff(expected: "b\n", actual: "a\nb\n", context: 0) == """
                --- expected
                +++ actual
                @@ -0,0 +1,1 @@
                +a

                """)
    }

    @Test func aDeletedLastLineStartsTheNewRangeAtTheLineBefore() {
        #expect(
            unifiedDiff(expected: "a\nb", actual: "a", context: 0) == """
                --- expected
                +++ actual
                @@ -2,1 +1,0 @@
                -b

                """)
    }
}
