import ArgumentParser
import ToolkitCore
import Archiving
import Foundation
import Glibc

/// `toolkit bundle pack DIR -o FILE.tar.zst`: pack a directory crash-safely.
struct BundlePack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Pack a directory into a .tar.zst (pax tar, zstd), readable with tar --zstd -xf.",
        discussion: """
            Members are named relative to DIR, each directory before its contents, sorted by name, so the same \
            tree gives the same bytes. A manifest.json in DIR goes first and the files it lists are checked \
            against it while they are packed. The archive is written to a temp name, synced, and only then \
            renamed to FILE (left out of the members if it is already inside DIR). Symbolic links, devices and \
            FIFOs in DIR are refused.
            """)

    @Argument(help: "The directory to pack.")
    var directory: String

    @Option(name: .shortAndLong, help: "The .tar.zst file to write (replaced only when complete).")
    var output: String

    @Option(help: "zstd level, 1 (fastest) to 19 (smallest).")
    var level: Int = 3

    @Option(help: "zstd worker threads (0: compress on one thread); the default is this machine's core count.")
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "Add a manifest.json (SHA-256 of every file) as the first member; reads DIR twice.")
    var manifest = false

    @Flag(help: "Show no progress.")
    var quiet = false

    func validate() throws {
        guard (1...19).contains(level) else { throw ValidationError("--level must be 1 to 19, not \(level)") }
        guard (0...256).contains(workers) else { throw ValidationError("--workers must be 0 to 256, not \(workers)") }
    }

    func run() async throws {
        let display = ProgressDisplay(verb: "packing", quiet: quiet)
        let summary: ArchiveSummary
        do {
            var members = Self.excluding(output, from: try ArchiveMember.members(ofDirectory: directory))
            if let first = members.first, first.name == BundleManifest.fileName, case .file(let path) = first.source {
                members = try Self.expectingHashes(members, manifestAt: path)
                if manifest {
                    throw ValidationError("\(directory) already has a manifest.json; drop --manifest to pack it as is")
                }
            } else if manifest {
                members = try await Self.withManifest(members)
            }
            summary = try await ArchiveWriter(options: ZstdOptions(level: level, workers: workers))
                .write(members, to: output, progress: display.handler)
            display.finish()
        } catch let error as ValidationError {
            display.finish()
            throw error
        } catch {
            display.finish()
            throw CommandFailure.report(error, file: output)
        }
        let ratio = summary.compressedBytes > 0 ? Double(summary.tarBytes) / Double(summary.compressedBytes) : 0
        let rounded = (ratio * 1000).rounded() / 1000
        printLine(
            "packed \(summary.memberCount) members (\(summary.files.count) files, \(summary.tarBytes.humanBytes) "
                + "as tar) into \(output): \(summary.compressedBytes.humanBytes), ratio \(rounded)"
        )
    }

    /// Leaves out the output file itself when it already exists inside DIR (packing again into the tree).
    private static func excluding(_ output: String, from members: [ArchiveMember]) -> [ArchiveMember] {
        var target = stat()
        guard stat(output, &target) == 0 else { return members }
        return members.filter { member in
            guard case .file(let path) = member.source else { return true }
            var info = stat()
            return stat(path, &info) != 0 || info.st_dev != target.st_dev || info.st_ino != target.st_ino
        }
    }

    /// Sets each member's expected SHA-256 from the manifest in the tree.
    private static func expectingHashes(_ members: [ArchiveMember], manifestAt path: String) throws -> [ArchiveMember] {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 << 20 else {
            throw ArchiveError(
                .manifest, "could not read \(path), or it is over 64 MiB", entry: BundleManifest.fileName)
        }
        let manifest = try BundleManifest.decode(Array(data))
        let expected = Dictionary(
            manifest.members.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        return members.map { member in
            var member = member
            member.expectedSHA256 = expected[member.name]
            return member
        }
    }

    /// Hashes every file first, then puts a manifest of them in front; the hashes are checked again while packing.
    private static func withManifest(_ members: [ArchiveMember]) async throws -> [ArchiveMember] {
        let records = try await BundleManifest.records(hashing: members)
        let manifest = BundleManifest(kind: "bundle", toolkitVersion: ToolkitVersion.current, members: records)
        let expected = Dictionary(records.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let checked = members.map { member in
            var member = member
            member.expectedSHA256 = expected[member.name]
            return member
        }
        return [
            ArchiveMember(
                name: BundleManifest.fileName, source: .bytes(try manifest.encoded()), mode: 0o644,
                modificationTime: Int64(Date().timeIntervalSince1970))
        ] + checked
    }
}
