import ArgumentParser

/// `toolkit bundle …`: look inside, verify, unpack and pack `.tar.zst` bundles.
struct BundleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "List, verify, unpack and pack .tar.zst share bundles and archives.",
        discussion: """
            These commands work on files and need no running core. Reading treats the file as untrusted: \
            nothing is written outside the target, links and devices are refused, sizes are bounded.
            """,
        subcommands: [
            BundleList.self,
            BundleVerify.self,
            BundleUnpack.self,
            BundlePack.self,
        ]
    )
}
