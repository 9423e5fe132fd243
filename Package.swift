// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every Swift target of ours: Swift 6 language mode with strict concurrency, `any` spelled
/// out for existentials, and any warning an error (the dependencies keep theirs as warnings).
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .treatAllWarnings(as: .error),
]

/// Release binaries link with lld, export no dynamic symbols (the static Swift runtime's link arguments ask for
/// `-export-dynamic`; nothing loads symbols from the executable) and pack relative relocations (`.relr.dyn`):
/// a smaller read-execute segment and less idle RSS (Benchmarks/notes/2026-11-29-why.md, release linking, has the
/// figures).
let releaseLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(
        ["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
        .when(platforms: [.linux], configuration: .release))
]

/// The release builds of the per-call path (JSONRPC and PluginHost) leave out the runtime exclusivity checks:
/// every access to a class's stored property, `ByteBuffer`'s storage among them (inlined from NIO), costs a
/// thread-local lookup, a measurable share of a `system.ping`'s and a forwarded call's instructions
/// (Benchmarks/rpc/callgrind.sh measures them; Benchmarks/notes/2026-11-29-why.md keeps the figures). Debug builds,
/// and so the tests and the sanitizer runs, keep the checks; the compile-time checks stay on.
let releaseUncheckedExclusivity: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
    name: "toolkit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "toolkit", targets: ["toolkit"]),
        .executable(name: "toolkit-mcp-bridge", targets: ["toolkit-mcp-bridge"]),
        .executable(name: "toolkit-web", targets: ["toolkit-web"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "ToolkitAPI", targets: ["ToolkitAPI"]),
        .library(name: "Audio", targets: ["Audio"]),
        .library(name: "Archiving", targets: ["Archiving"]),
        .library(name: "ToolkitCore", targets: ["ToolkitCore"]),
        .library(name: "ToolkitTestSupport", targets: ["ToolkitTestSupport"]),
        .library(name: "ToolkitCoreTesting", targets: ["ToolkitCoreTesting"]),
        .library(name: "ToolkitPlugin", targets: ["ToolkitPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // The web app's HTTP server. Its default traits are off: swift-configuration is not needed, and
        // FoundationEssentials does for its form coding what full Foundation would.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1", traits: []),
        // Already in the graph through Hummingbird: the web app's header deadline handles its request parts.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // Already in the graph through Hummingbird: TLS for the web app on a network.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        // C libraries, found through pkg-config; a missing -dev package is named by SwiftPM.
        .systemLibrary(
            name: "CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .systemLibrary(
            name: "CALSA",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        // What Swift cannot do with ALSA directly: install an error handler (a variadic C function).
        .target(
            name: "CALSAShim",
            dependencies: ["CALSA"]
        ),
        // libvips through fixed-arity C wrappers (its API is variadic). The shim loads libvips.so.42 with
        // dlopen on the first thumbnail, so a core that makes none does not carry it and its many libraries
        // (their resident memory and start-up time: Benchmarks/notes/2026-11-29-why.md). Runtime package: libvips42.
        .target(
            name: "CVipsShim"
        ),
        // fork and exec for every child (ChildProcesses): a process group of its own, a parent-death signal and,
        // for ffmpeg, a lower priority, an address-space limit and stdin from /dev/null, none of which posix_spawn
        // or swift-subprocess can set; nothing but async-signal-safe calls after the fork.
        .target(
            name: "CSpawn"
        ),
        // libcurl through fixed-arity C wrappers (curl_easy_setopt and curl_easy_getinfo are variadic), for
        // URL imports. The same lazy load: the shim opens libcurl.so.4 with dlopen on the first download, so
        // a core that makes none does not carry libcurl and its TLS, Kerberos and LDAP libraries (their resident
        // memory and initialisers at every start: Benchmarks/notes/2026-11-29-why.md, release linking and idle RSS).
        // FoundationNetworking, which links libcurl, is not used for the same reason. Runtime package: libcurl4
        // (7.85 or later).
        .target(
            name: "CCurlShim"
        ),

        // JSON-RPC 2.0: messages, framing, routing, the connection handler and a client. No domain.
        .target(
            name: "JSONRPC",
            dependencies: [
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings + releaseUncheckedExclusivity
        ),
        // The typed method catalogue: every method's name, params, result and schema, and the wire records.
        // Shared by the core's handlers, the CLI, the tests and the plugin SDK.
        .target(
            name: "ToolkitAPI",
            dependencies: ["JSONRPC"],
            swiftSettings: swiftSettings
        ),
        // WAV codec, ALSA playback and capture, built-in shutter sounds. No daemon.
        .target(
            name: "Audio",
            dependencies: ["CALSA", "CALSAShim", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        // OpenSSL's libcrypto (Debian: libssl-dev to build, libssl3 at run time), for SHA-256 and HMAC.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // SHA-256 and HMAC-SHA-256 through libcrypto: the blob store's names, the manifests' checksums, the page
        // cursors' signatures. (swift-crypto would compile BoringSSL's C++ into every build for this one hash.)
        .target(
            name: "Hashing",
            dependencies: ["CLibCrypto"],
            swiftSettings: swiftSettings
        ),
        // zstd streams, pax tar writer and hardened reader, bundle primitives. No daemon, no database.
        .target(
            name: "Archiving",
            dependencies: [
                "CZstd",
                "Hashing",
            ],
            swiftSettings: swiftSettings
        ),
        // Every child the toolkit starts: in a process group of its own (killed with it, reaped once), through
        // CSpawn; a bounded run of a helper (deadline, nice, memory, output), as ffmpeg and rclone run.
        .target(
            name: "ChildProcesses",
            dependencies: ["CSpawn", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        // ffmpeg run safely: found once, each run bounded (ChildProcesses) and reading only the file it is given,
        // a few runs at once; ffprobe's answer read. No daemon, no database.
        .target(
            name: "FFmpeg",
            dependencies: ["ChildProcesses", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        // Photo and video files without a database: the content-addressed blob store, inspection of media
        // headers, thumbnails through libvips, downloads through libcurl. No daemon, no diary.
        .target(
            name: "Media",
            dependencies: [
                "CVipsShim",
                "CCurlShim",
                "ChildProcesses",
                "FFmpeg",
                "Hashing",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The pet diary domain and its store: records, use cases (import, delete, maintenance) with their
        // events and hooks, SQLite through GRDB, search, settings. No protocol.
        .target(
            name: "PetDiary",
            dependencies: [
                "Audio",
                "Media",
                "FFmpeg",
                "Hashing",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // External handler plugins: launching, handshake, routing, restarting.
        .target(
            name: "PluginHost",
            dependencies: [
                "JSONRPC",
                "ToolkitAPI",
                "ChildProcesses",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings + releaseUncheckedExclusivity,
            linkerSettings: releaseLinkerSettings
        ),
        // The diary in and out of files: its backups (the archive chain: writing, listing, verifying, pruning,
        // restoring, remote archive directories), share bundles and their HTML gallery, and the import of bundles.
        // Knows no socket and no JSON-RPC server: the core's handlers call it and map its errors.
        .target(
            name: "Sharing",
            dependencies: [
                "JSONRPC",
                "ToolkitAPI",
                "PetDiary",
                "Media",
                "Archiving",
                "ChildProcesses",
                "Hashing",
            ],
            swiftSettings: swiftSettings
        ),
        // The daemon: socket server, configuration, events, built-in handlers, lifecycle.
        .target(
            name: "ToolkitCore",
            dependencies: [
                "JSONRPC",
                "ToolkitAPI",
                "PetDiary",
                "Media",
                "Audio",
                "PluginHost",
                "Sharing",
                "Archiving",
                "ChildProcesses",
                "FFmpeg",
                "Hashing",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // Test support that knows nothing of the core (only ChildProcesses): temp directories, a process runner
        // with timeouts and process groups, the built binary's locator, a unified diff. Every test target uses it.
        .target(
            name: "ToolkitTestSupport",
            dependencies: ["ChildProcesses", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")],
            swiftSettings: swiftSettings
        ),
        // Fixtures for testing the core, shared by its tests and by plugin authors: one switch runs a test body
        // against the core in process, over a socket, or as the built binary.
        .target(
            name: "ToolkitCoreTesting",
            dependencies: [
                "ChildProcesses",
                "ToolkitTestSupport",
                "JSONRPC",
                "ToolkitAPI",
                "ToolkitCore",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // `toolkit mcp`: a Model Context Protocol server on stdin and stdout, generated from the core's method
        // catalogue (rpc.discover) and speaking to the core over its socket. It speaks MCP over JSONRPC's own
        // connection, not through the MCP Swift SDK: the SDK decoded each tool call six times with Foundation's
        // JSONDecoder (most of a call's instructions, and a round trip far over the goal of 2 × the socket's:
        // Benchmarks/mcp/run.sh; the figures in Benchmarks/notes/2026-11-29-why.md), and brought Foundation's
        // networking and libcurl into the process.
        .target(
            name: "MCPBridge",
            dependencies: [
                "JSONRPC",
                "ToolkitAPI",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // `toolkit mcp`'s MCP side when a core answers, a program of its own (see its BridgeMain) that
        // `toolkit mcp` runs in its place: a small binary touches fewer pages than the whole toolkit.
        .executableTarget(
            name: "toolkit-mcp-bridge",
            dependencies: ["MCPBridge", "JSONRPC", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings,
            linkerSettings: releaseLinkerSettings
        ),
        // `toolkit web`: the diary over HTTP/1.1 (Hummingbird) for a browser and for scripts, a client of the
        // core's socket as the MCP bridge is (its CoreLink). Its rules (token, session, Host, Origin, headers) are
        // middleware, one file each; docs/web.md has the security model.
        .target(
            name: "ToolkitWeb",
            dependencies: [
                "JSONRPC",
                "ToolkitAPI",
                "MCPBridge",
                .product(name: "Hummingbird", package: "hummingbird"),
                // HTTPS on a network (swift-nio-ssl, BoringSSL). Only toolkit-web links it; make test's debug
                // build compiles BoringSSL anyway (HummingbirdTesting's AsyncHTTPClient), so of its builds it costs
                // the release build alone (Benchmarks/notes/2026-11-29-why.md, Build time: TLS).
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // MediaFastPath writes a file region below the HTTP types codec, as NIO's HTTP/1.1 part.
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The pages' files, compiled into the binary as bytes (PackageResources): nothing is read from disk
            // at run time, and there is no build step. PageFile lists them with their types.
            resources: [
                .embedInCode("Pages/Files/index.html"),
                .embedInCode("Pages/Files/app.css"),
                .embedInCode("Pages/Files/main.js"),
                .embedInCode("Pages/Files/api.js"),
                .embedInCode("Pages/Files/events.js"),
                .embedInCode("Pages/Files/strings.js"),
                .embedInCode("Pages/Files/dom.js"),
                .embedInCode("Pages/Files/report.js"),
                .embedInCode("Pages/Files/media.js"),
                .embedInCode("Pages/Files/pager.js"),
                .embedInCode("Pages/Files/pets.js"),
                .embedInCode("Pages/Files/entry.js"),
                .embedInCode("Pages/Files/feed.js"),
                .embedInCode("Pages/Files/calendar.js"),
                .embedInCode("Pages/Files/albums.js"),
                .embedInCode("Pages/Files/viewer.js"),
                .embedInCode("Pages/Files/text.js"),
                .embedInCode("Pages/Files/editor.js"),
                .embedInCode("Pages/Files/search.js"),
                .embedInCode("Pages/Files/sounds.js"),
                .embedInCode("Pages/Files/camera.js"),
                .embedInCode("Pages/Files/petscreen.js"),
                .embedInCode("Pages/Files/settings.js"),
                .embedInCode("Pages/Files/soundscreen.js"),
                .embedInCode("Pages/Files/recorder.js"),
                .embedInCode("Pages/Files/recorder-worklet.js"),
                .embedInCode("Pages/Files/notes.js"),
                .embedInCode("Pages/Files/share.js"),
            ],
            swiftSettings: swiftSettings
        ),
        // The web app's program, run by `toolkit web` in its place (as toolkit-mcp-bridge is by `toolkit mcp`):
        // the HTTP server, Hummingbird included, stays out of the `toolkit` binary.
        .executableTarget(
            name: "toolkit-web",
            dependencies: [
                "ToolkitWeb", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings,
            linkerSettings: releaseLinkerSettings
        ),
        // The command line: parses arguments and calls the libraries.
        .executableTarget(
            name: "toolkit",
            dependencies: [
                "JSONRPC",
                "ToolkitAPI",
                "ToolkitCore",
                "Sharing",
                "Audio",
                "Archiving",
                "FFmpeg",
                "MCPBridge",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),

        .testTarget(
            name: "JSONRPCTests",
            dependencies: [
                "JSONRPC", "ToolkitTestSupport", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // RPCLinkTests serves a Unix socket.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ToolkitAPITests",
            dependencies: ["ToolkitAPI", "JSONRPC"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MCPBridgeTests",
            dependencies: ["MCPBridge", "JSONRPC", "ToolkitAPI"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ToolkitWebTests",
            dependencies: [
                "ToolkitWeb", "ToolkitCoreTesting", "ChildProcesses", "ToolkitTestSupport", "ToolkitAPI", "JSONRPC",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // MediaFastPathTests: the server's HTTP/1.1 pipeline on an embedded channel.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ToolkitTestSupportTests",
            dependencies: ["ChildProcesses", "ToolkitTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PluginHostTests",
            dependencies: [
                "PluginHost", "ToolkitAPI", "ToolkitCoreTesting", "ChildProcesses", "ToolkitTestSupport", "JSONRPC",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ToolkitCoreTests",
            dependencies: [
                "ToolkitAPI",
                "ToolkitCore", "ToolkitCoreTesting", "ChildProcesses", "ToolkitTestSupport", "JSONRPC", "PetDiary",
                "Media", "Audio",
                "Archiving", "FFmpeg", "Sharing",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // WireAgreementTests reads the migrated tables' columns.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["HelpSnapshots"],
            swiftSettings: swiftSettings
        ),
        // The sharing module's own parts without a core: retention, the gallery page.
        .testTarget(
            name: "SharingTests",
            dependencies: ["Sharing", "PetDiary"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AudioTests",
            dependencies: [
                "Audio", "ChildProcesses", "ToolkitTestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ArchivingTests",
            dependencies: [
                "Archiving", "ChildProcesses", "ToolkitTestSupport",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HashingTests",
            dependencies: ["Hashing"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FFmpegTests",
            dependencies: ["FFmpeg", "ChildProcesses", "ToolkitTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ChildProcessesTests",
            dependencies: ["ChildProcesses", "ToolkitTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MediaTests",
            dependencies: [
                "Media", "FFmpeg", "ChildProcesses", "ToolkitTestSupport", "Hashing",
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PetDiaryTests",
            dependencies: [
                "PetDiary", "Media", "FFmpeg", "ToolkitTestSupport", .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),

        // The Swift plugin SDK: a plugin's side of protocol 1 (docs/plugins.md) over its stdin and stdout.
        .target(
            name: "ToolkitPlugin",
            dependencies: [
                "JSONRPC",
                "ToolkitAPI",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Shipped plugins: each folder of Plugins/ holds its README and its sources.
        .executableTarget(
            name: "on-this-day",
            dependencies: ["ToolkitPlugin"],
            path: "Plugins/on-this-day/Sources",
            swiftSettings: swiftSettings,
            linkerSettings: releaseLinkerSettings
        ),
        .testTarget(
            name: "ToolkitPluginTests",
            dependencies: [
                "ToolkitPlugin", "ToolkitCoreTesting", "ChildProcesses", "ToolkitTestSupport", "ToolkitAPI", "JSONRPC",
            ],
            swiftSettings: swiftSettings
        ),
        // The script plugins of Plugins/ and the templates of Examples/plugins/, each run as a child process
        // over its pipes (ToolkitCoreTesting.PluginUnderTest) against a real test core.
        .testTarget(
            name: "PluginsTests",
            dependencies: [
                "ToolkitCoreTesting", "ChildProcesses", "ToolkitTestSupport", "JSONRPC", "ToolkitAPI",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            // The CommonMark renderer MarkdownExportRenderingTests runs (make markdown-venv installs it).
            exclude: ["requirements.txt"],
            swiftSettings: swiftSettings
        ),
    ]
)

// Fuzz targets, one executable each under Fuzz/Sources/NAME, added only when TOOLKIT_FUZZ is set: `make fuzz`
// sets it, so `swift build` and `make test` neither see nor build them. Each main hands its
// LLVMFuzzerTestOneInput to libFuzzer's driver. Only our modules that parse outside input get libFuzzer's coverage
// and AddressSanitizer (-sanitize=fuzzer,address), and the executables link both runtimes: the dependencies keep
// the flags of a plain debug build, so a scratch path that already holds one (CI's .build after make test) builds
// just these modules again, not GRDB or NIO (see Benchmarks/notes/2026-11-29-why.md, sanitizers).
if Context.environment["TOOLKIT_FUZZ"] != nil {
    let fuzzFlags: [String] = ["-sanitize=fuzzer,address"]
    let fuzzed: Set<String> = [
        "JSONRPC", "ToolkitAPI", "Audio", "Archiving", "Media", "PetDiary", "PluginHost", "MCPBridge",
    ]
    for target in package.targets where fuzzed.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(fuzzFlags)]
    }
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-rpc-frames", ["JSONRPC", .product(name: "NIOCore", package: "swift-nio")]),
        ("fuzz-wav", ["Audio"]),
        ("fuzz-tar", ["Archiving"]),
        ("fuzz-bundle-manifest", ["Archiving"]),
        ("fuzz-params", ["ToolkitAPI", "JSONRPC", .product(name: "NIOCore", package: "swift-nio")]),
        ("fuzz-media", ["Media"]),
        ("fuzz-page-cursor", ["PetDiary", "Hashing"]),
        ("fuzz-plugin-manifest", ["ToolkitAPI", "PluginHost", "JSONRPC"]),
        (
            "fuzz-mcp-schema",
            [
                "MCPBridge", "ToolkitAPI", "JSONRPC",
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ]
    // libFuzzer's driver, declared for the targets' main functions.
    package.targets.append(.target(name: "CFuzzer", path: "Fuzz/Sources/CFuzzer"))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name,
                dependencies: ["CFuzzer"] + target.dependencies,
                path: "Fuzz/Sources/\(target.name)",
                swiftSettings: swiftSettings + [.unsafeFlags(fuzzFlags + ["-parse-as-library"])],
                linkerSettings: [.unsafeFlags(fuzzFlags)]
            )
        )
    }
}

// In-process benchmarks, executables under Benchmarks/, added only when TOOLKIT_BENCH is set: the benchmark scripts
// set it and build them in release beside make release's toolkit (the same flags, so nothing of toolkit is built
// again); swift build and make test neither see nor build them.
if Context.environment["TOOLKIT_BENCH"] != nil {
    package.targets.append(
        .executableTarget(
            name: "bench-mcp-catalogue",
            dependencies: ["MCPBridge", "JSONRPC"],
            path: "Benchmarks/mcp/CatalogueTiming",
            swiftSettings: swiftSettings,
            linkerSettings: releaseLinkerSettings
        )
    )
}
