// swift-tools-version: 6.1
// A benchmark of its own, kept out of the root package: `run.sh` builds it in release mode.
import PackageDescription

let package = Package(
    name: "audio-bench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "toolkit", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "audio-bench",
            dependencies: [.product(name: "Audio", package: "toolkit")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        )
    ]
)
