#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Archiving
import ChildProcesses
import Glibc
import ToolkitAPI

/// Archives kept at an rclone remote (`REMOTE:PATH`, where the backup-copy plugin copies them): one of them
/// fetched with rclone, together with the archives it builds on and nothing else, into a local folder, where
/// `archive verify` and `archive restore` read it as any archive.
package struct RemoteBackups: Sendable {
    /// The rclone executable, an absolute path.
    var rclone: String
    /// rclone's environment (its `PATH`, `HOME`, `RCLONE_CONFIG`, …).
    var environment: [String: String]

    /// Whether `argument` names an rclone remote rather than a local file: a colon before any slash, as
    /// rclone reads it (`mysftp:backups`, `s3:bucket/pets/NAME.tar.zst`); `./a:b` is a local path.
    package static func names(_ argument: String) -> Bool {
        guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex else { return false }
        return !argument[..<colon].contains("/")
    }

    /// Finds rclone on `environment`'s `PATH`.
    /// - Throws: ``ArchiveError`` `.io` (`rclone-missing`) saying how to install it.
    package init(environment: [String: String]) throws {
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        let candidates = directories.map { "\($0)/rclone" }
        guard let found = candidates.first(where: { candidate in access(candidate, X_OK) == 0 }) else {
            throw ArchiveError(
                .io,
                "rclone is not installed (or not on PATH), and it is what reads archives from a remote: install it "
                    + "(apt-get install rclone), or copy the archives to a folder and give that folder.",
                reason: "rclone-missing")
        }
        rclone = found
        self.environment = environment
    }

    /// Fetches the archive `source` names (`REMOTE:FOLDER/NAME.tar.zst`, or `REMOTE:FOLDER` for its newest
    /// archive) and the archives of its chain into `folder`, which must exist.
    /// - Returns: the local path of the archive `source` names, and its remote path.
    /// - Throws: ``ArchiveError`` `.io` when the remote cannot be read (`remote-unreachable`) or holds no
    ///   archive (`no-archive`); `.verificationFailed` (`missing-parent`) when the remote lacks an archive of
    ///   the chain; what reading a manifest throws.
    package func fetch(_ source: String, into folder: String) async throws -> (path: String, remotePath: String) {
        let (remoteFolder, named) = Self.split(source)
        let listed = try await list(remoteFolder)
        let name: String
        if let named {
            guard listed[named] != nil else {
                throw ArchiveError(
                    .io, "There is no \(named) at \(remoteFolder); rclone lsf \(remoteFolder) lists what is there.",
                    entry: named, reason: "no-archive")
            }
            name = named
        } else {
            guard let newest = listed.keys.compactMap(BackupFileName.init(parsing:)).max() else {
                throw ArchiveError(
                    .io,
                    "There is no toolkit archive at \(remoteFolder); rclone lsf \(remoteFolder) lists what is "
                        + "there.", reason: "no-archive")
            }
            name = newest.name
        }
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            let local = folder + "/" + current
            try await copy(Self.join(remoteFolder, current), to: local)
            guard let parent = try await BackupHead.read(local, state: false).manifest.parent else { break }
            guard !parent.name.contains("/"), listed[parent.name] != nil else {
                throw ArchiveError(
                    .verificationFailed,
                    "\(current) builds on \(parent.name), which is not at \(remoteFolder): the archives there cannot "
                        + "restore \(name). Copy \(parent.name) there (toolkit call backup.copy path=ARCHIVE copies "
                        + "an archive with every one it needs), or restore an archive whose chain is there.",
                    entry: parent.name, reason: "missing-parent")
            }
            current = parent.name
        }
        return (folder + "/" + name, Self.join(remoteFolder, name))
    }

    /// The folder part of `source` and the archive it names, if it names one.
    static func split(_ source: String) -> (folder: String, name: String?) {
        guard source.hasSuffix(".tar.zst") else { return (source, nil) }
        let cut = source.lastIndex(of: "/") ?? source.firstIndex(of: ":")!
        let folder = source[...cut].hasSuffix("/") ? String(source[..<cut]) : String(source[...cut])
        return (folder, String(source[source.index(after: cut)...]))
    }

    /// `name` in the remote folder `folder`.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix(":") || folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The files in the remote folder, by name, with their sizes.
    private func list(_ remoteFolder: String) async throws -> [String: Int64] {
        struct Item: Decodable {
            var name: String
            var size: Int64
            enum CodingKeys: String, CodingKey {
                case name = "Name"
                case size = "Size"
            }
        }
        let output = try await run(["lsjson", "--files-only", remoteFolder], what: "list \(remoteFolder)")
        let items = (try? JSONDecoder().decode([Item].self, from: Data(output.stdout))) ?? []
        return Dictionary(items.map { ($0.name, $0.size) }, uniquingKeysWith: { first, _ in first })
    }

    private func copy(_ remotePath: String, to local: String) async throws {
        _ = try await run(["copyto", remotePath, local], what: "copy \(remotePath)")
    }

    /// Runs rclone; no deadline beyond a day (a full archive may be large), its output bounded.
    private func run(_ arguments: [String], what: String) async throws -> ProcessOutput {
        let limits = ProcessLimits(deadline: .seconds(86_400), niceness: 0, memoryBytes: 0)
        let output: ProcessOutput
        do {
            output = try await LimitedProcess.run(rclone, arguments, environment: environment, limits: limits)
        } catch let error as CancellationError {
            throw error
        } catch {
            throw ArchiveError(.io, "Cannot run \(rclone): \(error)", reason: "rclone-missing")
        }
        guard output.succeeded else {
            let lines = output.stderrText.split(separator: "\n").suffix(2).joined(separator: " ")
            throw ArchiveError(
                .io,
                "rclone could not \(what) (\(output.ending)): \(lines). Check the remote's name and that it is "
                    + "reachable (rclone lsf REMOTE:); RCLONE_CONFIG names the config file rclone reads.",
                reason: "remote-unreachable")
        }
        return output
    }
}
