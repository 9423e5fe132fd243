import ArgumentParser
import Foundation
import ToolkitAPI
import ToolkitCore

/// `toolkit archive verify FILE`: reads an archive back in full and checks its chain.
struct ArchiveVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Read an archive back against its manifest and check the archives it builds on are there.",
        discussion: "Exit status 0 when intact; 1 with the damaged member and the reason on stderr.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The archive.", valueName: "file")) var file: String

    func run() async throws {
        let path = absolutePath(file)
        let run = try await ArchiveRun.choose(global, context: "archive verify")
        defer { Task { await run.close() } }
        let result: ArchiveVerify.Result
        do {
            switch run {
            case .core(let client):
                result = try await ArchiveRun.call(client, ArchiveVerify.self, .init(path: path))
            case .offline:
                try ArchiveTarget.existingArchive(path)
                result = try await ArchiveCheck.verify(path)
            }
        } catch {
            throw ArchiveCommandFailure(error).report("archive verify")
        }
        if global.json {
            print(jsonLine(result))
        } else {
            print(
                "OK \(path): \(result.kind), \(result.members) members, chain \(result.chain.joined(separator: " <- "))"
            )
        }
    }
}
