public import JSONRPC
public import Logging
public import ServiceLifecycle
import Synchronization
import ToolkitAPI

/// Loads handler plugins, keeps them running, and forwards the calls, events and hooks that are theirs
/// (docs/plugins.md). Knows no diary: the core gives it the registry to add methods to and closures to
/// publish and subscribe to events.
///
/// As a `Service`, ``run()`` starts every plugin found (in parallel, once the socket listens), supervises
/// them until graceful shutdown, then stops them all.
public final class PluginHost: Service, Sendable {
    /// What every plugin's supervisor shares.
    final class Context: Sendable {
        let configuration: PluginHostConfiguration
        let registry: MethodRegistry
        let logger: Logger
        let publishEvent: @Sendable (String, JSONValue) -> Void
        let subscribe: @Sendable ([String], any RPCConnection) -> Void
        /// Which slot holds each plugin name.
        private let names = Mutex<[String: PluginSlot]>([:])

        init(
            configuration: PluginHostConfiguration, registry: MethodRegistry, logger: Logger,
            publishEvent: @escaping @Sendable (String, JSONValue) -> Void,
            subscribe: @escaping @Sendable ([String], any RPCConnection) -> Void
        ) {
            self.configuration = configuration
            self.registry = registry
            self.logger = logger
            self.publishEvent = publishEvent
            self.subscribe = subscribe
        }

        /// Publishes a plugin's lifecycle event, `{"name", "reason"?}`.
        func publish<Event: APIEvent>(_ event: Event.Type, name: String, reason: String?)
        where Event.Data == PluginEventRecord {
            var data: [(String, JSONValue)] = [("name", .string(name))]
            if let reason { data.append(("reason", .string(reason))) }
            publishEvent(Event.topic, .object(data))
        }

        /// Takes `name` for `slot`; returns the path of the plugin that has it when another one does.
        func claim(name: String, slot: PluginSlot) -> String? {
            names.withLock { names in
                if let holder = names[name], holder !== slot { return holder.path }
                names[name] = slot
                return nil
            }
        }

        func release(name: String, slot: PluginSlot) {
            names.withLock { names in
                if names[name] === slot { names[name] = nil }
            }
        }
    }

    static let maximumNotificationsPerSecond = 1000
    static let timeoutsMeaningHung = 3

    let context: Context
    private let slots = Mutex<[PluginSlot]>([])
    private let newSlots: AsyncStream<PluginSlot>
    private let newSlotInput: AsyncStream<PluginSlot>.Continuation
    private let waitBeforeStarting: @Sendable () async -> Void

    /// - Parameters:
    ///   - registry: where plugin methods are registered, beside the built-in ones.
    ///   - publish: publishes an event (`plugin.*`, and what plugins publish).
    ///   - subscribe: subscribes a plugin's connection to topics.
    ///   - waitBeforeStarting: returns when plugins may start (the socket they are given listens).
    public init(
        configuration: PluginHostConfiguration, registry: MethodRegistry, logger: Logger,
        publish: @escaping @Sendable (String, JSONValue) -> Void,
        subscribe: @escaping @Sendable ([String], any RPCConnection) -> Void,
        waitBeforeStarting: @escaping @Sendable () async -> Void = {}
    ) {
        context = Context(
            configuration: configuration, registry: registry, logger: logger, publishEvent: publish,
            subscribe: subscribe)
        (newSlots, newSlotInput) = AsyncStream.makeStream()
        self.waitBeforeStarting = waitBeforeStarting
    }

    /// Starts the plugins found, supervises them until graceful shutdown, then stops them.
    /// - Throws: ``PluginHostError`` when an `important` plugin cannot start.
    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                defer { self.newSlotInput.finish() }
                await self.waitBeforeStarting()
                guard !Task.isCancelled else { return }
                do {
                    try await self.startAll()
                } catch {
                    await self.stopAll()
                    throw error
                }
                try? await gracefulShutdown()
                await self.stopAll()
            }
            for await slot in newSlots {
                group.addTask { await slot.supervise() }
            }
            for slot in slots.withLock({ $0 }) { slot.finish() }
        }
    }

    /// Finds the plugins, starts them all in parallel, and waits until each is ready or has settled.
    func startAll() async throws {
        let configuration = context.configuration
        var found: [PluginSlot] = []
        for path in configuration.paths {
            for finding in PluginDiscovery().find(in: [path], optional: configuration.optionalPaths.contains(path)) {
                switch finding {
                case .skipped(let path, let reason):
                    context.logger.warning("Skipping plugin", metadata: ["path": "\(path)", "reason": "\(reason)"])
                case .plugin(let path):
                    let name = String(path.split(separator: "/").last ?? "")
                    if configuration.disabled.contains(name) || configuration.disabled.contains(path) { continue }
                    if found.contains(where: { $0.path == path }) { continue }
                    found.append(add(path))
                }
            }
        }
        await withDiscardingTaskGroup { group in
            for slot in found { group.addTask { await slot.perform { .start($0) } } }
        }
        for slot in found {
            let status = slot.status
            if status.important, status.state != .ready {
                throw PluginHostError(
                    .cannotStart,
                    "The important plugin \(status.name) (\(slot.path)) could not start: "
                        + "\(status.reason ?? status.state.name).", plugin: status.name)
            }
        }
    }

    private func add(_ path: String) -> PluginSlot {
        let slot = PluginSlot(path: path, host: context)
        slots.withLock { $0.append(slot) }
        newSlotInput.yield(slot)
        return slot
    }

    /// Stops every plugin (in parallel).
    func stopAll() async {
        await withDiscardingTaskGroup { group in
            for slot in slots.withLock({ $0 }) { group.addTask { await slot.perform { .stop($0) } } }
        }
    }

    /// Every plugin the host knows, in load order.
    public var statuses: [PluginStatus] { slots.withLock { $0 }.map(\.status) }

    /// `plugins.start`: starts the plugin named `nameOrPath`, or loads the plugin at that path.
    /// - Throws: ``PluginHostError`` when the path holds no usable plugin.
    public func start(_ nameOrPath: String) async throws -> PluginStatus {
        if let slot = slot(named: nameOrPath) ?? slots.withLock({ $0.first { $0.path == nameOrPath } }) {
            await slot.perform { .start($0) }
            return slot.status
        }
        switch PluginDiscovery().examine(nameOrPath) {
        case .skipped(let path, let reason):
            throw PluginHostError(
                nameOrPath.contains("/") ? .cannotStart : .unknownPlugin,
                nameOrPath.contains("/")
                    ? "Cannot load the plugin \(path): \(reason)."
                    : "No plugin is named '\(nameOrPath)'; plugins.list shows them, or give a path.",
                plugin: nameOrPath)
        case .plugin(let path):
            if let slot = slots.withLock({ $0.first { $0.path == path } }) {
                await slot.perform { .start($0) }
                return slot.status
            }
            let slot = add(path)
            await slot.perform { .start($0) }
            return slot.status
        }
    }

    /// `plugins.stop`.
    /// - Throws: ``PluginHostError`` `.unknownPlugin`.
    public func stop(_ name: String) async throws -> PluginStatus {
        let slot = try existing(name)
        await slot.perform { .stop($0) }
        return slot.status
    }

    /// `plugins.restart`.
    /// - Throws: ``PluginHostError`` `.unknownPlugin`.
    public func restart(_ name: String) async throws -> PluginStatus {
        let slot = try existing(name)
        await slot.perform { .restart($0) }
        return slot.status
    }

    private func existing(_ name: String) throws -> PluginSlot {
        guard let slot = slot(named: name) else {
            throw PluginHostError(.unknownPlugin, "No plugin is named '\(name)'; plugins.list shows them.")
        }
        return slot
    }

    func slot(named name: String) -> PluginSlot? {
        slots.withLock { $0 }.first { $0.name == name }
    }

    var allSlots: [PluginSlot] { slots.withLock { $0 } }

    /// -32004 naming the plugin.
    static func unavailable(_ plugin: String, _ why: String) -> RPCError {
        RPCError(
            code: .pluginUnavailable, message: "The plugin \(plugin) cannot answer: \(why).",
            data: ["plugin": .string(plugin)])
    }
}
