#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import JSONRPC
public import Logging
public import PetDiary
public import ServiceLifecycle

/// The assembled daemon: its configuration, method registry, event bus and socket server.
///
/// `toolkit serve` makes one and runs its ``services`` in a `ServiceGroup`; tests make one on a temp
/// directory. Built-in handler groups register through the same `MethodRegistry` as plugins.
public struct Core: Sendable {
    public let configuration: ToolkitConfiguration
    public let registry: MethodRegistry
    public let events: EventBus
    public let server: SocketServer
    /// The pet diary's records, in `DATA/toolkit.sqlite`.
    public let store: DiaryStore
    /// Photo and thumbnail bytes, in `DATA/blobs`.
    let blobs: BlobStore
    let maintenance: MaintenanceService

    /// Builds the core and registers the built-in methods.
    /// - Parameter isDefaultSocketLocation: whether the socket lives in the toolkit's own directory.
    /// - Throws: ``CoreError`` `.dataDirectory` when the data directory cannot be made.
    public init(configuration: ToolkitConfiguration, logger: Logger, isDefaultSocketLocation: Bool = false) throws {
        try FileManager.default.createDirectory(
            atPath: configuration.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        self.configuration = configuration
        self.registry = MethodRegistry()
        self.events = EventBus(replayCapacity: configuration.limits.eventReplayCapacity)
        self.server = SocketServer(
            configuration: configuration, registry: registry, logger: logger,
            isDefaultSocketLocation: isDefaultSocketLocation)
        do {
            self.store = try DiaryStore(path: configuration.dataDirectory + "/toolkit.sqlite")
            self.blobs = try BlobStore(root: configuration.dataDirectory + "/blobs")
        } catch {
            throw CoreError(.dataDirectory, "Cannot open the diary in \(configuration.dataDirectory): \(error)", underlying: error)
        }
        let pass = MaintenancePass(store: store, blobs: blobs)
        self.maintenance = MaintenanceService(pass: pass, logger: logger)
        try registerSystemMethods()
        try registry.register(SystemGC(maintenance: pass))
        try DiaryServices(store: store, events: events, blobs: blobs).register(in: registry)
    }

    /// The long-lived parts, in start order.
    public var services: [any Service] { [server, maintenance] }

    private func registerSystemMethods() throws {
        try registry.register(SystemPing())
        try registry.register(
            SystemInfo(
                configuration: configuration, registry: registry, events: events, server: server, store: store,
                startedAt: .now, startedAtText: Timestamp.now()))
        try registry.register(RPCDiscover(registry: registry))
        try registry.register(RPCCancel())
        try registry.register(EventsSubscribe(events: events))
        try registry.register(EventsUnsubscribe(events: events))
        try registry.register(EventsEmit(events: events))
    }
}
