import Testing
import ToolkitTestSupport

/// A mistyped command name gets a suggestion, as an option already does.
struct CommandSuggestionTests {
    @Test(arguments: [
        (["pet"], "'pet' is not a command of 'toolkit'. Did you mean 'pets'?"),
        (["diary", "serach", "산책"], "'serach' is not a command of 'toolkit diary'. Did you mean 'search'?"),
        (["sounds", "list"], "'sounds' is not a command of 'toolkit'. Did you mean 'sound'?"),
        (["albums", "lsit"], "'lsit' is not a command of 'toolkit albums'. Did you mean 'list'?"),
    ])
    func aCommandNameOffByALetterOrTwoIsSuggested(arguments: [String], message: String) throws {
        let result = try runToolkit(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Error: " + message), "\(result.stderr)")
    }

    @Test func aWordNearNoCommandGetsTheUsualErrorAndAMistypedOptionItsOwnSuggestion() throws {
        let unknown = try runToolkit(["zebra"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unexpected argument 'zebra'") && !unknown.stderr.contains("Did you mean"))
        let option = try runToolkit(["diary", "list", "--oldets"])
        #expect(option.status == 64)
        #expect(option.stderr.contains("Unknown option '--oldets'. Did you mean '--oldest'?"))
    }
}
