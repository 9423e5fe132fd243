import JSONRPC
import PetDiary

/// The core's own methods: `system.ping`, `system.info`, `system.gc`, `rpc.discover`, `rpc.cancel`.
struct SystemMethods: MethodGroup {
    let configuration: ToolkitConfiguration
    let events: EventBus
    let server: SocketServer
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(SystemPing())
        try registry.register(
            SystemInfo(
                configuration: configuration, registry: registry, events: events, server: server,
                store: diary.store, startedAt: .now, startedAtText: Timestamp.now()))
        try registry.register(SystemGC(maintenance: diary.maintenance))
        try registry.register(RPCDiscover(registry: registry))
        try registry.register(RPCCancel())
    }
}
