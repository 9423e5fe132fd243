#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import FFmpeg
public import JSONRPC
public import Logging
import Media
package import PetDiary
public import PluginHost
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
    /// The pet diary's use cases, over its records in `DATA/toolkit.sqlite` (`diary.store`) and the photo
    /// files in `DATA/blobs`; they publish on ``events``.
    package let diary: Diary
    let maintenance: MaintenanceService
    /// Videos' browser-playable copies, made in the background.
    let renditions: RenditionQueue
    private let builtinSounds: BuiltinSoundInstaller
    /// The plays under way, for `sounds.stop`.
    let playing: PlayingSounds
    /// The prepared shutter sounds, for `shutter.fire`.
    let shutter: ShutterPlayer
    /// The handler plugins: loaded when ``services`` run, their methods in ``registry``.
    public let plugins: PluginHost
    /// ffmpeg and ffprobe, found at start (the config's `ffmpegPath`, else `PATH`), for video features; without
    /// them each says so with the same error and the rest works.
    public let ffmpeg: FFmpeg

    /// Builds the core and registers the built-in methods; the plugins' hooks answer the diary's hook points.
    /// - Parameter isDefaultSocketLocation: whether the socket lives in the toolkit's own directory.
    /// - Throws: ``CoreError`` `.dataDirectory` when the data directory cannot be made.
    public init(configuration: ToolkitConfiguration, logger: Logger, isDefaultSocketLocation: Bool = false) throws {
        try self.init(
            configuration: configuration, logger: logger, isDefaultSocketLocation: isDefaultSocketLocation,
            hooks: nil)
    }

    /// Builds the core and registers the built-in methods.
    /// - Parameters:
    ///   - isDefaultSocketLocation: whether the socket lives in the toolkit's own directory.
    ///   - hooks: what the diary asks before a photo is imported or an entry saved; the plugins' hooks when nil.
    /// - Throws: ``CoreError`` `.dataDirectory` when the data directory cannot be made.
    package init(
        configuration: ToolkitConfiguration, logger: Logger, isDefaultSocketLocation: Bool = false,
        hooks: (any DiaryHooks)?
    ) throws {
        try FileManager.default.createDirectory(
            atPath: configuration.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let store: DiaryStore
        let blobs: BlobStore
        do {
            store = try DiaryStore(
                path: configuration.dataDirectory + "/toolkit.sqlite", timeZone: configuration.timeZone)
            blobs = try BlobStore(root: configuration.dataDirectory + "/blobs")
        } catch {
            throw CoreError(
                .dataDirectory, "Cannot open the diary in \(configuration.dataDirectory): \(error)", underlying: error)
        }
        self.configuration = configuration
        self.registry = MethodRegistry()
        self.events = EventBus(replayCapacity: configuration.limits.eventReplayCapacity)
        let builtinSounds = BuiltinSoundInstaller(store: store, blobs: blobs)
        self.builtinSounds = builtinSounds
        // Clients are served once the plugins found at start have settled, so their methods are there; the
        // plugins themselves before that.
        let pluginsStarted = OneTimeEvent()
        let pluginPeers = PluginPeers()
        self.server = SocketServer(
            configuration: configuration, registry: registry, logger: logger,
            isDefaultSocketLocation: isDefaultSocketLocation, beforeListening: { try await builtinSounds.install() },
            acceptWhen: { await pluginsStarted.wait() }, isPlugin: { pluginPeers.contains($0) })
        let events = self.events
        let server = self.server
        self.plugins = PluginHost(
            configuration: configuration.pluginHostConfiguration, registry: registry, logger: logger,
            publish: { topic, data in events.publish(topic, data: data) },
            subscribe: { topics, connection in _ = events.subscribe(topics, since: nil, connection: connection) },
            waitBeforeStarting: { await server.waitUntilListening() }, whenStarted: { pluginsStarted.happen() })
        pluginPeers.attach(plugins)
        self.playing = PlayingSounds()
        self.shutter = ShutterPlayer(playing: playing)
        let ffmpeg = FFmpeg(
            configuredPath: configuration.ffmpegPath, searchPath: configuration.environment["PATH"],
            concurrentRuns: configuration.limits.ffmpegRuns, limits: configuration.limits.ffmpegProcess)
        self.ffmpeg = ffmpeg
        let renditionTrigger = RenditionTrigger(
            next: ShutterSoundEvents(bus: events, player: shutter, store: store))
        self.diary = Diary(
            store: store, blobs: blobs, events: renditionTrigger, hooks: hooks ?? PluginHooks(host: plugins),
            ffmpeg: ffmpeg)
        self.renditions = RenditionQueue(
            diary: diary, ffmpeg: ffmpeg, policy: configuration.videoTranscode, logger: logger)
        renditionTrigger.attach(renditions)
        self.maintenance = MaintenanceService(pass: diary.maintenance, logger: logger)
        for group in methodGroups { try group.register(in: registry) }
    }

    /// Puts in place what must be there before the first client is served: the built-in sounds. The server
    /// does it before it listens; a core served without its socket (tests over a socket pair) calls it.
    /// - Throws: a storage error when the sounds cannot be written.
    /// Closes the diary's database once the services have stopped: its log checkpointed, one file left.
    /// - Throws: ``PetDiary/DiaryError`` `.storage` when something still uses it.
    public func close() throws {
        try diary.store.close()
    }

    public func prepare() async throws {
        try await builtinSounds.install()
    }

    /// The built-in handler groups, each registering its methods.
    var methodGroups: [any MethodGroup] {
        [
            SystemMethods(
                configuration: configuration, events: events, server: server, diary: diary, ffmpeg: ffmpeg,
                plugins: plugins),
            EventsMethods(events: events), PetsMethods(diary: diary), AlbumsMethods(diary: diary),
            PhotosMethods(diary: diary, renditions: renditions), DiaryMethods(diary: diary),
            SettingsMethods(diary: diary),
            SoundsMethods(diary: diary, playing: playing), NotesMethods(diary: diary, playing: playing),
            ShutterMethods(diary: diary, player: shutter, events: events), PluginsMethods(host: plugins),
            ExportMethods(
                diary: diary, events: events, dataDirectory: configuration.dataDirectory,
                hooks: PluginHooks(host: plugins)),
            ImportMethods(diary: diary, events: events, renditions: renditions),
            ArchiveMethods(
                diary: diary, events: events, dataDirectory: configuration.dataDirectory,
                hooks: PluginHooks(host: plugins), renditions: renditions,
                archiveDirectory: configuration.configuredArchiveDirectory),
        ]
    }

    /// The long-lived parts, in start order (they are shut down in the reverse order). The last tells the
    /// service manager, when there is one, that the core is ready and when it stops.
    public var services: [any Service] {
        [server, plugins, maintenance, renditions, ReadinessNotifier(server: server, notification: .forThisProcess)]
    }
}
