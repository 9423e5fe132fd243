import Archiving
import ToolkitAPI

/// The archives one archive needs, full one first, itself last: each parent is looked for in the same
/// directory under the name the child's manifest gives, and must have the SHA-256 recorded there.
struct BackupChain: Sendable {
    struct Link: Sendable {
        var path: String
        var name: String
        var manifest: BackupManifest
    }

    /// Full one first.
    var links: [Link]

    /// The chain of the archive at `path`.
    /// - Throws: ``ArchiveError`` (-32007): `missing-parent` or `parent-mismatch` naming the archive whose
    ///   parent is gone or different, or what reading a manifest throws.
    static func resolve(_ path: String) async throws -> BackupChain {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        var links: [Link] = []
        var current = (path: path, name: slash.map { String(path[path.index(after: $0)...]) } ?? path)
        var seen: Set<String> = []
        while true {
            guard seen.insert(current.name).inserted else {
                throw ArchiveError(
                    .verificationFailed, "\(current.name) appears twice in its own chain.", entry: current.name,
                    reason: "chain-loop")
            }
            let manifest = try await BackupHead.read(current.path, state: false).manifest
            links.append(Link(path: current.path, name: current.name, manifest: manifest))
            guard manifest.incremental else { break }
            guard let parent = manifest.parent, !parent.name.contains("/") else {
                throw ArchiveError(
                    .manifest, "\(current.name) is incremental but its manifest names no parent.",
                    entry: current.name, reason: "bad-manifest")
            }
            let parentPath = directory + "/" + parent.name
            guard LatestBackup.status(parentPath) != nil else {
                throw ArchiveError(
                    .verificationFailed,
                    "\(current.name) builds on \(parent.name), which is not in \(directory); put it back there "
                        + "(from a copy) to restore this archive.",
                    entry: parent.name, reason: "missing-parent")
            }
            let sha256 = try await BundleExport.sha256(ofFile: parentPath)
            guard sha256 == parent.sha256 else {
                throw ArchiveError(
                    .verificationFailed,
                    "\(parent.name) is not the archive \(current.name) builds on: its SHA-256 is \(sha256), not "
                        + "\(parent.sha256).",
                    entry: parent.name, reason: "parent-mismatch")
            }
            current = (parentPath, parent.name)
        }
        return BackupChain(links: links.reversed())
    }
}
