import FFmpeg
import Foundation
import JSONRPC
import PetDiary
import Sharing
import ToolkitCore

/// DESIGN's "Command line" fallback: when no core is running, `export`, `archive`, `restore` and `doctor` open
/// the data directory themselves, through the same library code the core uses.
///
/// "No core" means that nothing accepts a connection on the socket (no socket file, or a stale one). A core
/// that accepts but is slow or hung is still the core: the command waits for its answer (or fails 76) rather
/// than open a data directory that a live core holds.
struct OfflineFallback: Sendable {
    /// The data directory, resolved as the core resolves its own: `--data-dir`, `TOOLKIT_DATA_DIR`, the
    /// config file's `dataDir`, the default.
    var dataDirectory: String
    /// The config file's `archiveDir`, when it names one.
    var configuredArchiveDirectory: String?
    /// The config's `timeZone`, else the system's: the diary's days.
    var timeZone: TimeZone
    /// ffmpeg as the core would find and bound it (the config's `ffmpegPath` and `limits`, else `PATH`), so an
    /// offline gallery has the videos' posters too.
    var ffmpeg: FFmpeg

    /// The core's client when one accepts a connection on the socket, else nil.
    static func connect(_ global: GlobalOptions) async -> RPCClient? {
        await connect(global.location)
    }

    /// The core's client when one accepts a connection on the socket `location` names, else nil.
    static func connect(_ location: LocationOptions) async -> RPCClient? {
        try? await RPCClient.connect(to: location.resolvedSocketPath)
    }

    /// The offline side of `global`: the config file is read as the core reads it (`TOOLKIT_CONFIG`, else
    /// `$XDG_CONFIG_HOME/toolkit/config.json` when it exists).
    /// - Throws: ``CoreError`` `.configuration` for an unreadable or invalid config file.
    init(_ global: GlobalOptions) throws {
        let configuration = try ToolkitConfiguration.resolve(
            .init(socketPath: global.socket, dataDirectory: global.dataDirectory), environment: global.environment)
        dataDirectory = absolutePath(configuration.dataDirectory)
        configuredArchiveDirectory = configuration.configuredArchiveDirectory
        timeZone = configuration.timeZone
        ffmpeg = FFmpeg(
            configuredPath: configuration.ffmpegPath, searchPath: global.environment["PATH"],
            concurrentRuns: configuration.limits.ffmpegRuns, limits: configuration.limits.ffmpegProcess)
    }

    /// The diary of the data directory, opened in this process.
    /// - Throws: ``CoreError`` `.dataDirectory` when there is no diary there.
    func openDiary() throws -> Diary {
        try OfflineDiary.open(dataDirectory: dataDirectory, timeZone: timeZone, ffmpeg: ffmpeg)
    }

    /// The archive directory: `to` (absolute), else the config's `archiveDir`, else `archives/` in the data
    /// directory; the same rule as the core's `archive.*`.
    func archiveDirectory(_ to: String?) throws -> String {
        try BackupTarget.directory(to, dataDirectory: dataDirectory, configured: configuredArchiveDirectory)
    }

    /// The line that says the work was done offline.
    func notice(_ global: GlobalOptions) -> String {
        "offline: no core answers on \(global.resolvedSocketPath), so on \(dataDirectory) directly"
    }
}
