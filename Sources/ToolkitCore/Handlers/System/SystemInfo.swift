#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import PetDiary

/// `system.info`: version, uptime, paths, counts and plugins.
struct SystemInfo: RPCMethod {
    static let name = "system.info"
    static let summary = "Reports the core's version, process id, uptime, paths, connection and method counts, what the diary holds, and plugins."

    struct Result: Encodable, Sendable {
        struct Paths: Encodable, Sendable {
            var socket: String
            var dataDir: String
            var configFile: String?
        }

        struct Counts: Encodable, Sendable {
            var openConnections: Int
            var totalConnections: Int
            var methods: Int
            var eventSubscriptions: Int
            var nextEventSeq: UInt64
        }

        var version: String
        var pid: Int32
        var startedAt: String
        var uptimeSeconds: Double
        var paths: Paths
        var counts: Counts
        var diary: DiaryCounts
        var plugins: [String]
    }

    let configuration: ToolkitConfiguration
    let registry: MethodRegistry
    let events: EventBus
    let server: SocketServer
    let store: DiaryStore
    let startedAt: ContinuousClock.Instant
    let startedAtText: String

    func handle(_ params: NoParams, context: RPCContext) async throws -> Result {
        let uptime = ContinuousClock.now - startedAt
        let connections = server.connectionCounts
        return Result(
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
            diary: try await store.counts(),
            plugins: []
        )
    }
}
