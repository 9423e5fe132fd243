import ArgumentParser
import Archiving
import Foundation

/// `toolkit bundle verify FILE`: read a bundle back and check it against its manifest.
struct BundleVerify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check a .tar.zst bundle: zstd and tar checksums, and every file against manifest.json.",
        discussion: """
            Exit status 0 when intact, 1 when anything is wrong. Without a manifest.json as its first member, \
            only the zstd and tar checksums can be checked, and the output says so.
            """)

    @Argument(help: "The .tar.zst file.")
    var file: String

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Flag(help: "Show no progress.")
    var quiet = false

    @OptionGroup var limitOptions: LimitOptions

    private struct Report: Encodable {
        struct Problem: Encodable { var entry: String, reason: String, message: String }
        var file: String
        var intact: Bool
        var manifest: Bool
        var members: Int
        var bytes: Int64
        var problems: [Problem]
    }

    func run() async throws {
        let display = ProgressDisplay(verb: "verifying", quiet: quiet || json)
        let report: VerificationReport
        do {
            report = try await ArchiveVerifier(limits: limitOptions.limits).verify(
                archiveAt: file, progress: display.handler)
            display.finish()
        } catch {
            display.finish()
            throw CommandFailure.report(error, file: file)
        }
        if json {
            let encoded = Report(
                file: file, intact: report.isIntact, manifest: report.manifest != nil, members: report.membersChecked,
                bytes: report.bytesChecked,
                problems: report.problems.map { .init(entry: $0.entry, reason: $0.reason, message: $0.message) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            printLine(String(decoding: try encoder.encode(encoded), as: UTF8.self))
        } else if report.isIntact {
            let against =
                report.manifest.map { "every file matches manifest.json (\($0.members.count) files)" }
                ?? "no manifest.json: only the zstd and tar checksums were checked"
            printLine("OK \(file): \(report.membersChecked) members, \(report.bytesChecked.humanBytes); \(against)")
        } else {
            for problem in report.problems {
                FileHandle.standardError.write(Data("toolkit: \(file): \(problem.message) [\(problem.reason)]\n".utf8))
            }
            printLine("FAILED \(file): \(report.problems.count) problems against manifest.json")
        }
        if !report.isIntact { throw ExitCode(1) }
    }
}
