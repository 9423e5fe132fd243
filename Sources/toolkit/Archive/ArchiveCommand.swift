import ArgumentParser

/// `toolkit archive`: cron archives of the whole diary (create, verify, prune in one call), and the commands
/// to look at, check, prune and restore them.
struct ArchiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Archive the whole diary for cron: create, verify, prune; list, verify and restore archives.",
        discussion: """
              toolkit archive --keep-daily 7 --keep-weekly 4 --keep-monthly 12
              toolkit archive list
              toolkit archive verify FILE
              toolkit archive restore FILE --into ~/restored
            Archives go to --to DIR, else to the config file's archiveDir, else to archives/ in the data \
            directory. The first one there is full, the next ones incremental. \
            A restored directory is served with toolkit serve --data-dir DIR. When no core answers on the \
            socket, the command opens the data \
            directory itself (offline) and takes the same lock the core would.
            Exit status: 0 done; 1 failed (the reason on stderr); 64 bad usage; 75 another archive run holds the \
            directory's lock (EX_TEMPFAIL; --wait waits instead); 76 the core's answer could not be read; 78 the \
            config file is not valid (offline).
            """,
        subcommands: [
            ArchiveCreateCommand.self, ArchiveListCommand.self, ArchiveVerifyCommand.self, ArchivePruneCommand.self,
            ArchiveRestoreCommand.self,
        ],
        defaultSubcommand: ArchiveCreateCommand.self
    )
}

/// `--to DIR`, shared by the commands that work on an archive directory.
struct ArchiveDirectoryOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The archive directory.",
            discussion: "Default: the config file's archiveDir, else archives/ in the data directory.",
            valueName: "dir"))
    var to: String?

    /// `--to` made absolute against the current directory.
    var absolute: String? { to.map(absolutePath) }
}

/// Retention flags, restic's `forget` rules.
struct RetentionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Keep the newest N archives.", valueName: "n")) var keepLast: Int?
    @Option(help: ArgumentHelp("Keep the newest archive of each of the last N days (UTC).", valueName: "n"))
    var keepDaily: Int?
    @Option(help: ArgumentHelp("… of each of the last N ISO weeks.", valueName: "n")) var keepWeekly: Int?
    @Option(help: ArgumentHelp("… of each of the last N months.", valueName: "n")) var keepMonthly: Int?

    var isEmpty: Bool { keepLast == nil && keepDaily == nil && keepWeekly == nil && keepMonthly == nil }
}
