import ArgumentParser
import Archiving
import Foundation

/// `toolkit bundle list FILE`: the members of a bundle, without extracting anything.
struct BundleList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the members of a .tar.zst bundle or archive.",
        discussion: "One line per member: kind, mode, size in bytes, modification time (UTC) and path.")

    @Argument(help: "The .tar.zst file.")
    var file: String

    @Flag(help: "Print JSON instead of lines.")
    var json = false

    @Flag(help: "Show no progress.")
    var quiet = false

    @OptionGroup var limitOptions: LimitOptions

    private struct Item: Encodable {
        var path: String
        var kind: String
        var size: Int64
        var mode: String
        var mtime: Int64
        var linkTarget: String?
    }

    func run() async throws {
        let reader = ArchiveReader(limits: limitOptions.limits)
        let display = ProgressDisplay(verb: "reading", quiet: quiet || json)
        let entries: [TarEntry]
        do {
            entries = try await reader.entries(archiveAt: file, progress: display.handler)
            display.finish()
        } catch {
            display.finish()
            throw CommandFailure.report(error, file: file)
        }
        if json {
            let items = entries.map {
                Item(
                    path: $0.path, kind: "\($0.kind)", size: $0.size, mode: String($0.mode, radix: 8),
                    mtime: $0.modificationTime, linkTarget: $0.linkTarget)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            printLine(String(decoding: try encoder.encode(items), as: UTF8.self))
            return
        }
        let formatter = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().time(
            includingFractionalSeconds: false)
        for entry in entries {
            let kind =
                switch entry.kind {
                case .file: "file"
                case .directory: "dir "
                case .symbolicLink: "link"
                case .hardLink: "hard"
                default: "othr"
                }
            let mode = String(entry.mode, radix: 8)
            let size = String(entry.size)
            let time = Date(timeIntervalSince1970: TimeInterval(entry.modificationTime)).formatted(formatter)
            let link = entry.linkTarget.map { " -> \($0)" } ?? ""
            printLine(
                "\(kind) \(String(repeating: "0", count: max(0, 4 - mode.count)) + mode) "
                    + "\(String(repeating: " ", count: max(0, 12 - size.count)) + size) \(time) \(entry.path)\(link)")
        }
        let bytes = entries.reduce(Int64(0)) { $0 + $1.size }
        FileHandle.standardError.write(Data("\(entries.count) members, \(bytes.humanBytes) of file data\n".utf8))
    }
}
