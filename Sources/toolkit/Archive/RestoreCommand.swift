import ArgumentParser

/// `toolkit restore ARCHIVE --into DIR | --pet/--from/--to`: DESIGN's name for `toolkit archive restore`, the
/// same command.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Rebuild a data directory at an archive's state, or bring a part back (as toolkit archive restore).",
        discussion: """
              toolkit restore ~/.local/share/toolkit/archives/NAME.tar.zst --into ~/r
              toolkit serve --data-dir ~/r
              toolkit restore ARCHIVE --pet Boree --from 2026-05-01 --to 2026-05-31
              toolkit restore mysftp:backups --into ~/r       the newest archive at a remote, from its chain there
            With --into, rebuilds a complete data directory, in a new or empty directory, at the state of \
            ARCHIVE. With a part instead (--pet, by its name in the archive or id, and/or --from/--to days), \
            merges that part of ARCHIVE's state into the running diary as toolkit import does: --on-conflict \
            skip (default) brings back what was deleted and keeps the rest, replace rolls the part back. The \
            archive's chain (from the full archive on) must be in its directory. ARCHIVE may also be a folder (its \
            newest archive) or an rclone remote path REMOTE:PATH (a folder or an archive there): rclone fetches \
            the archive and the ones it builds on first. Through the core when one \
            answers on the socket, else offline on the data directory. Archives, chains and the restore \
            walk-through: docs/bundles.md, "Archives". Exit status as toolkit archive: 0 done; 1 failed (the \
            reason on stderr); 64 bad usage; 76 the core's answer could not be read; 78 bad configuration.
            """)

    @OptionGroup var options: RestoreOptions

    func run() async throws { try await options.restore(context: "restore") }
}
