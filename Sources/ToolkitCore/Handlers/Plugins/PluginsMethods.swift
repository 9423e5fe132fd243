import JSONRPC
import PluginHost
import ToolkitAPI

/// `plugins.list`, `plugins.start`, `plugins.stop`, `plugins.restart`.
struct PluginsMethods: MethodGroup {
    let host: PluginHost

    func register(in registry: MethodRegistry) throws {
        try registry.register(PluginsListHandler(host: host))
        try registry.register(PluginsStartHandler(host: host))
        try registry.register(PluginsStopHandler(host: host))
        try registry.register(PluginsRestartHandler(host: host))
    }
}

/// Answers `plugins.list` as ToolkitAPI's ``PluginsList`` describes it.
struct PluginsListHandler: RPCHandler {
    typealias Method = PluginsList

    let host: PluginHost

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        Method.Result(items: host.statuses.map(\.record))
    }
}

/// Answers `plugins.start` as ToolkitAPI's ``PluginsStart`` describes it.
struct PluginsStartHandler: RPCHandler {
    typealias Method = PluginsStart

    let host: PluginHost

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try await host.start(params.path).record
    }
}

/// Answers `plugins.stop` as ToolkitAPI's ``PluginsStop`` describes it.
struct PluginsStopHandler: RPCHandler {
    typealias Method = PluginsStop

    let host: PluginHost

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try await host.stop(params.name).record
    }
}

/// Answers `plugins.restart` as ToolkitAPI's ``PluginsRestart`` describes it.
struct PluginsRestartHandler: RPCHandler {
    typealias Method = PluginsRestart

    let host: PluginHost

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try await host.restart(params.name).record
    }
}
