import JSONRPC
import Logging
import NIOConcurrencyHelpers
import ToolkitAPI

/// One plugin the host knows: its lifecycle, its current process and what it registered. A supervisor
/// task (``supervise()``) handles its commands one at a time and performs what the lifecycle decides,
/// so a start, a stop and a crash never interleave. It and the slot's other tasks (its process's
/// watchers, its back-off timers) run in the host's task group; its timers sleep on the host's clock.
final class PluginSlot: Sendable {
    enum Command: Sendable {
        case start(CheckedContinuation<Void, Never>?)
        case stop(CheckedContinuation<Void, Never>?)
        case restart(CheckedContinuation<Void, Never>?)
        /// The process of launch `generation` ended, as `termination` says.
        case ended(generation: Int, termination: String)
        case backoffElapsed(generation: Int)
    }

    /// The lifecycle, which decides, beside what it decides about: the process and what it told.
    struct State: Sendable {
        var lifecycle = PluginLifecycle()
        var manifest: PluginManifestRecord?
        var process: PluginProcess?
        var statistics = PluginStatistics()
        var standardError = RecentLines()
        /// What the running process last reported with `plugin.status`; cleared at each launch.
        var warning: String?
    }

    let path: String
    let host: PluginHost.Context
    let state = NIOLockedValueBox(State())
    let progress = ProgressRoutes()
    private let commands: AsyncStream<Command>
    private let commandInput: AsyncStream<Command>.Continuation

    /// A name for logs until the manifest gives one: the file's.
    var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }
    var name: String { state.withLockedValue { $0.manifest?.name } ?? fileName }

    init(path: String, host: PluginHost.Context) {
        self.path = path
        self.host = host
        (commands, commandInput) = AsyncStream.makeStream()
    }

    var logger: Logger {
        var logger = host.logger
        logger[metadataKey: "plugin.name"] = "\(name)"
        return logger
    }

    /// Queues `command` for the supervisor.
    func send(_ command: Command) {
        commandInput.yield(command)
    }

    /// Sends a command and waits until the supervisor has carried it out.
    func perform(_ make: (CheckedContinuation<Void, Never>) -> Command) async {
        await withCheckedContinuation { continuation in send(make(continuation)) }
    }

    /// Ends the supervisor once its queue is empty.
    func finish() {
        commandInput.finish()
    }

    /// Handles commands until ``finish()``.
    func supervise() async {
        for await command in commands {
            switch command {
            case .start(let reply):
                await carryOut(state.withLockedValue { $0.lifecycle.startRequested() })
                reply?.resume()
            case .stop(let reply):
                await carryOut(state.withLockedValue { $0.lifecycle.stopRequested() })
                reply?.resume()
            case .restart(let reply):
                await carryOut(state.withLockedValue { $0.lifecycle.stopRequested() })
                await carryOut(state.withLockedValue { $0.lifecycle.startRequested() })
                reply?.resume()
            case .ended(let generation, let termination):
                let now = host.now
                await carryOut(
                    state.withLockedValue {
                        $0.lifecycle.processEnded(generation: generation, termination: termination, at: now)
                    })
            case .backoffElapsed(let generation):
                await carryOut(state.withLockedValue { $0.lifecycle.backoffElapsed(generation: generation) })
            }
        }
    }

    /// Performs what the lifecycle decided, and what follows from it.
    private func carryOut(_ first: PluginLifecycle.Action) async {
        var action = first
        while true {
            switch action {
            case .none:
                return
            case .launch:
                action = await launch()
            case .handshake:
                action = await handshake()
            case .serve:
                action = serve()
            case .shutDown:
                await tearDown(gracefully: true)
                host.publish(PluginStopped.self, name: name, reason: reason)
                return
            case .restart(let delay):
                let (generation, why) = state.withLockedValue { ($0.lifecycle.generation, $0.lifecycle.reason) }
                await tearDown(gracefully: false)
                logger.warning(
                    "Plugin crashed; restarting it",
                    metadata: ["reason": "\(why ?? "")", "delay": "\(delay)"])
                host.publish(PluginCrashed.self, name: name, reason: why)
                let (input, clock) = (commandInput, host.clock)
                host.addTask {
                    guard (try? await clock.sleep(for: delay)) != nil else { return }
                    input.yield(.backoffElapsed(generation: generation))
                }
                return
            case .giveUp:
                await tearDown(gracefully: false)
                logger.error("Plugin failed; it stays stopped", metadata: ["reason": "\(reason ?? "")"])
                host.publish(PluginFailed.self, name: name, reason: reason)
                return
            case .kill, .drop:
                // Decided only about the running process's misbehaviour (``judge(_:)``), never here.
                return
            }
        }
    }

    var reason: String? { state.withLockedValue { $0.lifecycle.reason } }

    /// Starts the process and watches it.
    private func launch() async -> PluginLifecycle.Action {
        let generation = state.withLockedValue { $0.lifecycle.generation }
        var environment = host.configuration.environment
        environment["TOOLKIT_SOCKET"] = host.configuration.socketPath
        environment["TOOLKIT_PLUGIN_NAME"] = name
        // The core's readiness is the core's to tell the service manager.
        environment["NOTIFY_SOCKET"] = nil
        let process: PluginProcess
        do {
            process = try await host.launch(
                path, environment, host.configuration.limits, logger,
                { [weak self] error in
                    let why = "it wrote something that is not JSON-RPC (\(error.message))"
                    self?.judge { $0.lifecycle.misbehaved(why, generation: generation) }
                },
                { [weak self] notification in self?.received(notification, generation: generation) },
                { [weak self] line in self?.standardErrorLine(line) })
        } catch {
            let now = host.now
            return state.withLockedValue { $0.lifecycle.crashed("\(error)", at: now) }
        }
        state.withLockedValue {
            $0.process = process
            $0.warning = nil
        }
        let context = host
        process.client.rpcConnection.onClose { [weak self] in
            guard let self else { return }
            context.addTask {
                _ = await process.waitForExit(timeout: .milliseconds(500))
                self.send(.ended(generation: generation, termination: process.termination ?? "closed its stdout"))
            }
        }
        host.addTask { [weak self] in
            for await notification in process.client.notifications {
                self?.received(notification, generation: generation)
            }
        }
        return state.withLockedValue { $0.lifecycle.launched() }
    }

    /// Tells the lifecycle some news about the running process's behaviour with `event`, and kills the
    /// process when the lifecycle says so; its end is then reported as a crash with the fault's reason.
    /// Returns what the lifecycle decided.
    @discardableResult
    func judge(_ event: (inout State) -> PluginLifecycle.Action) -> PluginLifecycle.Action {
        let (action, process, reason) = state.withLockedValue { state in
            let action = event(&state)
            return (action, action == .kill ? state.process : nil, state.lifecycle.faultReason)
        }
        if let process {
            logger.warning("Plugin misbehaved; killing it", metadata: ["reason": "\(reason ?? "")"])
            process.signalGroup(9)
        }
        return action
    }

    /// ``Deadline/race(_:on:_:)`` on the host's clock.
    func withDeadline<Value: Sendable>(
        _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await Deadline.race(timeout, on: host.clock, operation)
    }

    /// Unregisters the plugin's methods and ends its process.
    private func tearDown(gracefully: Bool) async {
        host.registry.unregisterAll(providedBy: name)
        host.release(name: name, slot: self)
        guard let process = state.withLockedValue({ $0.process }) else { return }
        await process.terminate(gracefully: gracefully, grace: host.configuration.shutdownGrace)
    }

    private func standardErrorLine(_ line: String) {
        state.withLockedValue { $0.standardError.append(line) }
        logger.info("\(line)", metadata: ["plugin.stderr": "true"])
    }

    /// What `plugins.list` shows.
    var status: PluginStatus {
        state.withLockedValue { state in
            let manifest = state.manifest
            let record = PluginRecord(
                name: manifest?.name ?? fileName, version: manifest?.version, path: path,
                state: state.lifecycle.state.name, reason: state.lifecycle.reason,
                pid: state.lifecycle.state == .ready || state.lifecycle.state == .handshaking
                    ? state.process?.pid : nil,
                methods: manifest?.methods.map(\.name) ?? [], hooks: manifest?.hooks.map(\.name) ?? [],
                subscriptions: manifest?.subscriptions ?? [], calls: state.statistics.calls,
                errors: state.statistics.errors, p50Milliseconds: state.statistics.p50Milliseconds,
                restarts: state.lifecycle.restarts,
                residentBytes: state.lifecycle.state == .ready ? state.process?.residentBytes : nil,
                important: manifest?.important ?? false, stderr: state.standardError.lines,
                warning: state.lifecycle.state == .ready ? state.warning : nil)
            return PluginStatus(record: record, state: state.lifecycle.state)
        }
    }
}
