#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC

/// The config file's contents (`config.json`); every member is optional, and a key it does not know stops the
/// core (``unknownKey(in:)``), except in `plugins.options`, which are each plugin's own.
///
/// ```json
/// {"socket": "/run/toolkit.sock", "dataDir": "/srv/toolkit", "archiveDir": "/mnt/backup/toolkit",
///  "ffmpegPath": "/opt/ffmpeg/bin/ffmpeg", "videoTranscode": "auto", "timeZone": "Asia/Seoul",
///  "logLevel": "debug",
///  "access": {"uids": [1001], "gids": [100]},
///  "limits": {"maxMessageBytes": 16777216, "maxOutgoingBytes": 4194304, "maxConcurrentRequests": 256,
///             "eventReplay": 1024, "ffmpegRuns": 1, "ffmpegSeconds": 120, "ffmpegMemoryMiB": 1024,
///             "uploadBytes": 4294967296},
///  "shutdownGraceSeconds": 10,
///  "plugins": {"paths": ["/opt/pet-plugins"], "disabled": ["backup-copy"], "callTimeout": 60,
///              "handshakeTimeout": 10, "options": {"shutter-capture": {"source": "/dev/video0"}}},
///  "mcp": {"roots": ["/home/me/Pictures"], "allowPrivateURLs": false},
///  "web": {"hosts": ["pets.lan"]}}
/// ```
struct ConfigFile: ConfigSection, Sendable {
    struct Access: ConfigSection, Sendable {
        var uids: [UInt32]?
        var gids: [UInt32]?
    }

    struct Limits: ConfigSection, Sendable {
        var maxMessageBytes: Int?
        var maxOutgoingBytes: Int?
        var maxConcurrentRequests: Int?
        var eventReplay: Int?
        /// ffmpeg runs at once.
        var ffmpegRuns: Int?
        /// Each ffmpeg run's deadline, in seconds.
        var ffmpegSeconds: Int?
        /// Each ffmpeg run's address space, in MiB.
        var ffmpegMemoryMiB: Int?
        /// The largest file `toolkit web` takes at `POST /api/upload`, in bytes.
        var uploadBytes: Int64?
    }

    struct Plugins: ConfigSection, Sendable {
        var paths: [String]?
        var disabled: [String]?
        var callTimeout: Double?
        var handshakeTimeout: Double?
        var options: [String: [String: JSONValue]]?
    }

    var socket: String?
    var dataDir: String?
    /// The archive directory when `--to` gives none (absolute).
    var archiveDir: String?
    /// The ffmpeg video features run (absolute), instead of the first on `PATH`.
    var ffmpegPath: String?
    /// When videos get a browser-playable copy: `auto`, `always` or `never`.
    var videoTranscode: String?
    /// The diary's time zone, an IANA name (`Asia/Seoul`); the system's when absent.
    var timeZone: String?
    var logLevel: String?
    var access: Access?
    var limits: Limits?
    var shutdownGraceSeconds: Double?
    var plugins: Plugins?
    var mcp: MCP?
    var web: Web?

    /// What `toolkit mcp` lets an assistant reach.
    struct MCP: ConfigSection, Sendable {
        var roots: [String]?
        var allowPrivateURLs: Bool?
    }

    /// What `toolkit web` answers besides its listen address and `localhost`.
    struct Web: ConfigSection, Sendable {
        /// Names the `Host` header may carry (`pets.lan`), with any port.
        var hosts: [String]?
    }

    /// Reads and decodes the file at `path`.
    /// - Throws: ``CoreError`` `.configuration` naming the file and what is wrong in it.
    static func load(from path: String) throws -> ConfigFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CoreError(.configuration, "Cannot read the config file \(path).", underlying: error)
        }
        if let json = try? JSONDecoder().decode(JSONValue.self, from: data), let problem = unknownKey(in: json) {
            throw CoreError(.configuration, "config \(path): \(problem)")
        }
        do {
            return try JSONDecoder().decode(ConfigFile.self, from: data)
        } catch let error as DecodingError {
            throw CoreError(.configuration, "The config file \(path) is not valid: \(Self.describe(error)).")
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
