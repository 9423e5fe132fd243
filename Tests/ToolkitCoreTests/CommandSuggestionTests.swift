import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// A mistyped command name gets a suggestion, as an option already does.
struct CommandSuggestionTests {
    @Test(arguments: [
        (["pet"], "'pet' is not a command of 'toolkit'. Did you mean 'pets'?"),
        (["diary", "serach", "산책"], "'serach' is not a command of 'toolkit diary'. Did you mean 'search'?"),
        (["sounds", "list"], "'sounds' is not a command of 'toolkit'. Did you mean 'sound'?"),
        (["albums", "lsit"], "'lsit' is not a command of 'toolkit albums'. Did you mean 'list'?"),
    ])
    func aCommandNameOffByALetterOrTwoIsSuggested(arguments: [String], message: String) async throws {
        let result = try await runToolkit(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Error: " + message), "\(result.stderr)")
    }

    @Test func aWordNearNoCommandIsSaidToBeNoneWithTheGroupsCommandsAndAMistypedOptionGetsItsOwnSuggestion()
        async throws
    {
        let unknown = try await runToolkit(["zebra"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Error: 'zebra' is not a command of 'toolkit'. Its commands: serve, call,"))
        #expect(!unknown.stderr.contains("Did you mean"), "\(unknown.stderr)")
        let inGroup = try await runToolkit(["photos", "frobnicate"])
        #expect(inGroup.status == 64)
        #expect(
            inGroup.stderr.contains("'frobnicate' is not a command of 'toolkit photos'. Its commands: import, list,"),
            "\(inGroup.stderr)")
        // A word after an option may be its value: the parser's own error stands.
        let value = try await runToolkit(["photos", "list", "--album", "Walks", "extra"])
        #expect(value.status == 64 && !value.stderr.contains("is not a command"), "\(value.stderr)")
        let option = try await runToolkit(["diary", "list", "--oldets"])
        #expect(option.status == 64)
        #expect(option.stderr.contains("Unknown option '--oldets'. Did you mean '--oldest'?"))
    }

    @Test func helpNamesTheSubcommandAskedForOrSaysThereIsNone() async throws {
        // `toolkit help pets update` is the help of `pets update`, as `toolkit pets update --help` prints it
        let help = try await runToolkit(["help", "pets", "update"], environment: ["COLUMNS": "80"])
        let direct = try await runToolkit(["pets", "update", "--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Change a pet's details"), "\(help.stdout)")
        #expect(help.stdout == direct.stdout)

        // a word that is no command of the one before it is an error, with a suggestion when one is near
        let mistyped = try await runToolkit(["help", "pets", "updaet"])
        #expect(mistyped.status == 64 && mistyped.stdout.isEmpty)
        #expect(
            mistyped.stderr.contains("Error: 'updaet' is not a command of 'toolkit pets'. Did you mean 'update'?"),
            "\(mistyped.stderr)")
        let unknown = try await runToolkit(["help", "pets", "zebra"])
        #expect(unknown.status == 64 && unknown.stderr.contains("'zebra' is not a command of 'toolkit pets'."))
        let tooDeep = try await runToolkit(["help", "pets", "add", "more"])
        #expect(tooDeep.status == 64 && tooDeep.stderr.contains("'toolkit pets add' has no commands"))
    }

    /// A refusal while running (a name no pet has) is said in one line, without the usage banner, which is for a
    /// command line that does not parse.
    @Test func aRefusalWhileRunningPrintsNoUsage() async throws {
        let core = try ToolkitCoreTesting.CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let refused = try await runToolkit(["pets", "rename", "두부", "콩", "--socket", core.socketPath])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("toolkit: No pet is named or has the id '두부'"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("Usage:") && !refused.stderr.contains("USAGE"), "\(refused.stderr)")
    }
}
