import ArgumentParser

/// `toolkit restore ARCHIVE --into DIR`: DESIGN's name for `toolkit archive restore`, the same command.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Rebuild a data directory at the state of an archive (the same as toolkit archive restore).",
        discussion: """
              toolkit restore ~/.local/share/toolkit/archives/NAME.tar.zst --into ~/r
              toolkit serve --data-dir ~/r
            Rebuilds a complete data directory, in a new or empty directory, at the state of ARCHIVE: the \
            archive's chain (from the full archive on) must be in its directory. Through the core when one \
            answers on the socket, else offline on the data directory. Archives, chains and the restore \
            walk-through: docs/bundles.md, "Archives". Exit status as toolkit archive: 0 done; 1 failed (the \
            reason on stderr); 64 bad usage; 76 the core's answer could not be read; 78 bad configuration.
            """)

    @OptionGroup var options: RestoreOptions

    func run() async throws { try await options.restore(context: "restore") }
}
