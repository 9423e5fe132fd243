public import JSONRPC
public import Logging
public import ServiceLifecycle
import NIOConcurrencyHelpers
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
        /// Starts a plugin's process (`PluginProcess.launch`), or in tests gives pipes with no process behind
        /// them.
        typealias Launcher =
            @Sendable (
                _ path: String, _ environment: [String: String], _ limits: RPCServerConfiguration, _ logger: Logger,
                _ onMalformedInput: @escaping @Sendable (RPCError) -> Void,
                _ onNotification: @escaping @Sendable (RPCRequest) -> Void,
                _ onStandardErrorLine: @escaping @Sendable (String) -> Void
            ) async throws -> PluginProcess

        let configuration: PluginHostConfiguration
        let registry: MethodRegistry
        let logger: Logger
        let publishEvent: @Sendable (String, JSONValue) -> Void
        let subscribe: @Sendable ([String], any RPCConnection) -> Void
        /// Every timer of every plugin (back-off, handshake and hook deadlines) sleeps on it.
        let clock: HostClock
        let launch: Launcher
        /// The calls sent to plugins that have not ended, which shutdown waits for.
        let calls = CallsInFlight()
        /// Which slot holds each plugin name.
        private let names = NIOLockedValueBox<[String: PluginSlot]>([:])
        /// Work that lasts (each plugin's supervisor, its process's watchers, its back-off timers), run by
        /// ``PluginHost/run()`` in its task group.
        let work: AsyncStream<@Sendable () async -> Void>
        private let workInput: AsyncStream<@Sendable () async -> Void>.Continuation

        init(
            configuration: PluginHostConfiguration, registry: MethodRegistry, logger: Logger,
            publishEvent: @escaping @Sendable (String, JSONValue) -> Void,
            subscribe: @escaping @Sendable ([String], any RPCConnection) -> Void, clock: HostClock,
            launch: @escaping Launcher
        ) {
            self.configuration = configuration
            self.registry = registry
            self.logger = logger
            self.publishEvent = publishEvent
            self.subscribe = subscribe
            self.clock = clock
            self.launch = launch
            (work, workInput) = AsyncStream.makeStream()
        }

        /// The time on the host's clock.
        var now: Duration { clock.now.offset }

        /// Runs `body` in the host's task group (once ``PluginHost/run()`` runs; not once it has ended).
        func addTask(_ body: @escaping @Sendable () async -> Void) {
            workInput.yield(body)
        }

        /// No more work: ``PluginHost/run()`` ends once what runs has ended.
        func finishWork() {
            workInput.finish()
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
            names.withLockedValue { names in
                if let holder = names[name], holder !== slot { return holder.path }
                names[name] = slot
                return nil
            }
        }

        func release(name: String, slot: PluginSlot) {
            names.withLockedValue { names in
                if names[name] === slot { names[name] = nil }
            }
        }
    }

    let context: Context
    private let slots = NIOLockedValueBox<[PluginSlot]>([])
    private let waitBeforeStarting: @Sendable () async -> Void
    private let whenStarted: @Sendable () -> Void

    /// - Parameters:
    ///   - registry: where plugin methods are registered, beside the built-in ones.
    ///   - publish: publishes an event (`plugin.*`, and what plugins publish).
    ///   - subscribe: subscribes a plugin's connection to topics.
    ///   - waitBeforeStarting: returns when plugins may start (the socket they are given listens).
    ///   - whenStarted: called once every plugin found at start is ready, disabled, failed or backing off
    ///     (each handshake has its deadline): the core then accepts clients.
    ///   - clock: what the back-off delays, the crash window and the handshake and hook deadlines are
    ///     measured on.
    public convenience init(
        configuration: PluginHostConfiguration, registry: MethodRegistry, logger: Logger,
        publish: @escaping @Sendable (String, JSONValue) -> Void,
        subscribe: @escaping @Sendable ([String], any RPCConnection) -> Void,
        waitBeforeStarting: @escaping @Sendable () async -> Void = {},
        whenStarted: @escaping @Sendable () -> Void = {}, clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.init(
            configuration: configuration, registry: registry, logger: logger, publish: publish, subscribe: subscribe,
            waitBeforeStarting: waitBeforeStarting, whenStarted: whenStarted, clock: clock,
            launch: { path, environment, limits, logger, onMalformedInput, onNotification, onStandardErrorLine in
                try await PluginProcess.launch(
                    path: path, environment: environment, limits: limits, logger: logger,
                    onMalformedInput: onMalformedInput, onNotification: onNotification,
                    onStandardErrorLine: onStandardErrorLine)
            })
    }

    /// A host whose plugins are started by `launch` (tests: processes that are pipes and nothing more).
    init(
        configuration: PluginHostConfiguration, registry: MethodRegistry, logger: Logger,
        publish: @escaping @Sendable (String, JSONValue) -> Void,
        subscribe: @escaping @Sendable ([String], any RPCConnection) -> Void,
        waitBeforeStarting: @escaping @Sendable () async -> Void = {},
        whenStarted: @escaping @Sendable () -> Void = {}, clock: some Clock<Duration>,
        launch: @escaping Context.Launcher
    ) {
        context = Context(
            configuration: configuration, registry: registry, logger: logger, publishEvent: publish,
            subscribe: subscribe, clock: HostClock(clock), launch: launch)
        self.waitBeforeStarting = waitBeforeStarting
        self.whenStarted = whenStarted
        registry.explainMissingMethods { [weak self] method in self?.unavailability(of: method) }
    }

    /// Starts the plugins found, supervises them until graceful shutdown, then stops them.
    /// - Throws: ``PluginHostError`` when an `important` plugin cannot start.
    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask {
                defer { self.context.finishWork() }
                await self.waitBeforeStarting()
                guard !Task.isCancelled else { return }
                do {
                    try await self.startAll()
                    self.whenStarted()
                } catch {
                    await self.stopAll()
                    throw error
                }
                try? await gracefulShutdown()
                await self.drainCalls()
                await self.stopAll()
            }
            await runWork(in: &group)
        }
    }

    /// Runs what the plugins' slots ask to run (their supervisors, watchers and timers) until the host is
    /// done; then ends the supervisors, and the timers still waiting.
    func runWork(in group: inout ThrowingDiscardingTaskGroup<any Error>) async {
        for await work in context.work {
            group.addTask { await work() }
        }
        for slot in slots.withLockedValue({ $0 }) { slot.finish() }
        // Back-off timers of plugins stopped since; the supervisors have ended.
        group.cancelAll()
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

    /// A slot for the plugin at `path`, its supervisor running in the host's task group; not started.
    func add(_ path: String) -> PluginSlot {
        let slot = PluginSlot(path: path, host: context)
        slots.withLockedValue { $0.append(slot) }
        context.addTask { await slot.supervise() }
        return slot
    }

    /// Sends plugins no new call (they are answered -32004) and waits, up to the drain grace, for the calls
    /// in flight: a plugin that exits when its stdin closes finishes them before it is stopped.
    func drainCalls() async {
        let count = context.calls.count
        if count > 0 {
            context.logger.info("Waiting for the calls to plugins in flight", metadata: ["calls": "\(count)"])
        }
        let left = await context.calls.drain(within: context.configuration.drainGrace, on: context.clock)
        if left > 0 {
            context.logger.warning(
                "Calls to plugins still running after the grace period; stopping the plugins",
                metadata: ["calls": "\(left)"])
        }
    }

    /// Stops every plugin (in parallel).
    func stopAll() async {
        await withDiscardingTaskGroup { group in
            for slot in slots.withLockedValue({ $0 }) { group.addTask { await slot.perform { .stop($0) } } }
        }
    }

    /// Every plugin the host knows, in load order.
    public var statuses: [PluginStatus] { slots.withLockedValue { $0 }.map(\.status) }

    /// `plugins.start`: starts the plugin named `nameOrPath`, or loads the plugin at that path.
    /// - Throws: ``PluginHostError`` when the path holds no usable plugin.
    public func start(_ nameOrPath: String) async throws -> PluginStatus {
        if let slot = slot(named: nameOrPath) ?? slots.withLockedValue({ $0.first { $0.path == nameOrPath } }) {
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
            if let slot = slots.withLockedValue({ $0.first { $0.path == path } }) {
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
        slots.withLockedValue { $0 }.first { $0.name == name }
    }

    var allSlots: [PluginSlot] { slots.withLockedValue { $0 } }

    /// -32004 naming the plugin; `data` also holds its state and the reason for it when given.
    static func unavailable(
        _ plugin: String, _ why: String, state: PluginLifecycle.State? = nil, reason: String? = nil
    ) -> RPCError {
        var data: [(String, JSONValue)] = [("plugin", .string(plugin))]
        if let state { data.append(("state", .string(state.name))) }
        if let reason { data.append(("reason", .string(reason))) }
        return RPCError(
            code: .pluginUnavailable, message: "The plugin \(plugin) cannot answer: \(why).", data: .object(data))
    }

    /// What a call to `method`, which no registered method has, is answered with when a plugin the host knows
    /// declared it (and is not serving it now): -32004 naming that plugin and its state. Nil when no plugin
    /// declared it, for -32601.
    func unavailability(of method: String) -> RPCError? {
        allSlots.first { $0.declares(method) }?.unavailableError
    }
}
