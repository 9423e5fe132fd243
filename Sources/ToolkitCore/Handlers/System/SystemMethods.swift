import FFmpeg
import JSONRPC
import PetDiary
import PluginHost

/// The core's own methods: `system.ping`, `system.info`, `system.gc`, `rpc.discover`, `rpc.cancel`.
struct SystemMethods: MethodGroup {
    let configuration: ToolkitConfiguration
    let events: EventBus
    let server: SocketServer
    let diary: Diary
    let ffmpeg: FFmpeg
    let plugins: PluginHost

    func register(in registry: MethodRegistry) throws {
        try registry.register(SystemPingHandler.registration)
        try registry.register(
            SystemInfoHandler(
                configuration: configuration, registry: registry, events: events, server: server,
                store: diary.store, ffmpeg: ffmpeg, plugins: plugins, startedAt: .now, startedAtText: Timestamp.now()))
        try registry.register(SystemGCHandler(maintenance: diary.maintenance))
        try registry.register(RPCDiscoverHandler(registry: registry))
        try registry.register(RPCCancelHandler())
    }
}
