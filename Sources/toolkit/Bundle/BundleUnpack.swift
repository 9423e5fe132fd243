import ArgumentParser
import Archiving
import Foundation

/// `toolkit bundle unpack FILE DIR`: hardened extraction of an untrusted bundle.
struct BundleUnpack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpack",
        abstract: "Extract a .tar.zst bundle into a directory, safely.",
        discussion: """
            Refuses absolute paths, '..', links, devices and FIFOs, and stops at the limits below. Nothing is \
            written outside DIR, and files get their real names only once the whole archive has been read and \
            its checksums verified, so a refused or damaged archive leaves no file behind. DIR is created if \
            missing; files already there under a member's name are replaced.
            """)

    @Argument(help: "The .tar.zst file.")
    var file: String

    @Argument(help: "The directory to extract into.")
    var directory: String

    @Flag(help: "Show no progress.")
    var quiet = false

    @OptionGroup var limitOptions: LimitOptions

    func run() async throws {
        let display = ProgressDisplay(verb: "unpacking", quiet: quiet)
        let summary: ExtractionSummary
        do {
            summary = try await ArchiveExtractor(limits: limitOptions.limits).extract(
                archiveAt: file, into: directory, progress: display.handler)
            display.finish()
        } catch {
            display.finish()
            throw CommandFailure.report(error, file: file)
        }
        let checked = summary.manifest.map { "; every file matches manifest.json (\($0.members.count) files)" }
        printLine(
            "unpacked \(summary.files) files and \(summary.directories) directories "
                + "(\(summary.bytes.humanBytes)) into \(directory)\(checked ?? "")")
    }
}
