#if canImport(Glibc)
import Glibc
#endif
import FFmpeg
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONRPC
import PetDiary
import PluginHost
import ToolkitAPI

/// Answers `system.info` as ToolkitAPI's ``SystemInfo`` describes it.
struct SystemInfoHandler: RPCHandler {
    typealias Method = SystemInfo

    let configuration: ToolkitConfiguration
    let registry: MethodRegistry
    let events: EventBus
    let server: SocketServer
    let store: DiaryStore
    let ffmpeg: FFmpeg
    /// The plugins, of which `plugins` names those running.
    let plugins: PluginHost
    let startedAt: ContinuousClock.Instant
    let startedAtText: String

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let uptime = ContinuousClock.now - startedAt
        let connections = server.connectionCounts
        let counts = try await store.counts()
        var result = Method.Result(
            version: ToolkitVersion.current,
            pid: getpid(),
            startedAt: startedAtText,
            uptimeSeconds: Double(uptime.components.seconds) + Double(uptime.components.attoseconds) / 1e18,
            paths: .init(
                socket: configuration.socketPath, dataDir: configuration.dataDirectory,
                configFile: configuration.configFile),
            counts: .init(
                openConnections: connections.open, totalConnections: connections.total, methods: registry.all.count,
                eventSubscriptions: events.subscriberCount, nextEventSeq: events.nextSeq),
            diary: .init(counts),
            plugins: plugins.statuses.filter { $0.state == .ready }.map(\.name),
            ffmpeg: await ffmpegInfo(),
            videoTranscode: configuration.videoTranscode.rawValue
        )
        // Foundation calls UTC "GMT"; they are the same zone, and users write UTC.
        let zone = configuration.timeZone.identifier
        result.timeZone = zone == "GMT" ? "UTC" : zone
        return result
    }

    /// The ffmpeg found at start with its version; nil when there is none or it does not run.
    private func ffmpegInfo() async -> Method.Result.FFmpeg? {
        guard let installation = try? ffmpeg.installation(), let version = try? await ffmpeg.version() else {
            return nil
        }
        return .init(path: installation.ffmpegPath, version: version, ffprobe: installation.ffprobePath)
    }
}

extension SystemInfo.Result.Diary {
    init(_ counts: DiaryCounts) {
        self.init(pets: counts.pets, albums: counts.albums, photos: counts.photos, entries: counts.entries)
    }
}
