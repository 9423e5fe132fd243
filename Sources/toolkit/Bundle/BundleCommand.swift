import ArgumentParser

/// `toolkit bundle …`: look inside, verify, unpack and pack `.tar.zst` bundles.
struct BundleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "List, verify, unpack and pack .tar.zst share bundles and archives.",
        subcommands: []
    )
}
