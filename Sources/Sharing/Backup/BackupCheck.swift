import Archiving
package import ToolkitAPI

/// `archive.verify`: reads an archive back in full against its manifest, then checks its chain.
package enum BackupCheck {
    /// Verifies the archive at `path`.
    /// - Throws: ``ArchiveError`` (-32007) naming the damaged member (`entry`) and why (`reason`), or the
    ///   missing or different parent.
    package static func verify(_ path: String) async throws -> ArchiveVerify.Result {
        let head = try await BackupHead.read(path, state: true)
        let report = try await ArchiveVerifier().verify(archiveAt: path)
        if let problem = report.problems.first {
            throw ArchiveError(
                .verificationFailed,
                "\(path) is damaged: \(problem.message)"
                    + (report.problems.count > 1 ? " (and \(report.problems.count - 1) more problems)" : "") + ".",
                entry: problem.entry, reason: problem.reason)
        }
        let chain = try await BackupChain.resolve(path)
        return ArchiveVerify.Result(
            path: path, kind: head.manifest.kindName, members: report.membersChecked, bytes: report.bytesChecked,
            chain: chain.links.map(\.name))
    }
}
