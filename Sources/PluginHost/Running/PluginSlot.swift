import JSONRPC
import Logging
import Synchronization
import ToolkitAPI

/// One plugin the host knows: its lifecycle, its current process and what it registered. A supervisor
/// task (``supervise()``) handles its commands one at a time and performs what the lifecycle decides,
/// so a start, a stop and a crash never interleave.
final class PluginSlot: Sendable {
    enum Command: Sendable {
        case start(CheckedContinuation<Void, Never>?)
        case stop(CheckedContinuation<Void, Never>?)
        case restart(CheckedContinuation<Void, Never>?)
        /// The process of launch `generation` ended or misbehaved.
        case crashed(generation: Int, reason: String)
        case backoffElapsed(generation: Int)
    }

    struct State: Sendable {
        var lifecycle = PluginLifecycle()
        var manifest: PluginManifestRecord?
        var process: PluginProcess?
        /// Counts launches, so that news about an earlier process is recognised and ignored.
        var generation = 0
        /// Why the current process is being killed (garbage, flood, hang), reported when it ends.
        var faultReason: String?
        var statistics = PluginStatistics()
        var standardError = RecentLines()
        var consecutiveTimeouts = 0
        var notificationWindow = (start: ContinuousClock.now, count: 0)
    }

    let path: String
    let host: PluginHost.Context
    let state = Mutex(State())
    let progress = ProgressRoutes()
    private let commands: AsyncStream<Command>
    private let commandInput: AsyncStream<Command>.Continuation

    /// A name for logs until the manifest gives one: the file's.
    var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }
    var name: String { state.withLock { $0.manifest?.name } ?? fileName }

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
                await carryOut(state.withLock { $0.lifecycle.startRequested() })
                reply?.resume()
            case .stop(let reply):
                await carryOut(state.withLock { $0.lifecycle.stopRequested() })
                reply?.resume()
            case .restart(let reply):
                await carryOut(state.withLock { $0.lifecycle.stopRequested() })
                await carryOut(state.withLock { $0.lifecycle.startRequested() })
                reply?.resume()
            case .crashed(let generation, let reason):
                let action = state.withLock { state -> PluginLifecycle.Action in
                    guard state.generation == generation else { return .none }
                    return state.lifecycle.crashed(reason, at: .now)
                }
                await carryOut(action)
            case .backoffElapsed(let generation):
                let action = state.withLock { state -> PluginLifecycle.Action in
                    guard state.generation == generation else { return .none }
                    return state.lifecycle.backoffElapsed()
                }
                await carryOut(action)
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
                let (generation, why) = state.withLock { ($0.generation, $0.lifecycle.reason) }
                await tearDown(gracefully: false)
                logger.warning(
                    "Plugin crashed; restarting it",
                    metadata: ["reason": "\(why ?? "")", "delay": "\(delay)"])
                host.publish(PluginCrashed.self, name: name, reason: why)
                let input = commandInput
                Task {
                    try? await Task.sleep(for: delay)
                    input.yield(.backoffElapsed(generation: generation))
                }
                return
            case .giveUp:
                await tearDown(gracefully: false)
                logger.error("Plugin failed; it stays stopped", metadata: ["reason": "\(reason ?? "")"])
                host.publish(PluginFailed.self, name: name, reason: reason)
                return
            }
        }
    }

    var reason: String? { state.withLock { $0.lifecycle.reason } }

    /// Starts the process and watches it.
    private func launch() async -> PluginLifecycle.Action {
        let generation = state.withLock { state in
            state.generation += 1
            state.faultReason = nil
            state.consecutiveTimeouts = 0
            return state.generation
        }
        var environment = host.configuration.environment
        environment["TOOLKIT_SOCKET"] = host.configuration.socketPath
        environment["TOOLKIT_PLUGIN_NAME"] = name
        let process: PluginProcess
        do {
            process = try await PluginProcess.launch(
                path: path, environment: environment, limits: host.configuration.limits, logger: logger,
                onMalformedInput: { [weak self] error in
                    self?.fault(generation, "it wrote something that is not JSON-RPC (\(error.message))")
                },
                onNotification: { [weak self] notification in self?.received(notification, generation: generation) },
                onStandardErrorLine: { [weak self] line in self?.standardErrorLine(line) })
        } catch {
            return state.withLock { $0.lifecycle.crashed("\(error)", at: .now) }
        }
        state.withLock { $0.process = process }
        process.client.rpcConnection.onClose { [weak self] in
            guard let self else { return }
            Task {
                _ = await process.waitForExit(timeout: .milliseconds(500))
                let reason =
                    self.state.withLock { $0.faultReason } ?? "it \(process.termination ?? "closed its stdout")"
                self.send(.crashed(generation: generation, reason: reason))
            }
        }
        Task { [weak self] in
            for await notification in process.client.notifications {
                self?.received(notification, generation: generation)
            }
        }
        return state.withLock { $0.lifecycle.launched() }
    }

    /// Kills the current process for misbehaving; its end is reported as a crash with `reason`.
    func fault(_ generation: Int, _ reason: String) {
        let process = state.withLock { state -> PluginProcess? in
            guard state.generation == generation, state.faultReason == nil else { return nil }
            state.faultReason = reason
            return state.process
        }
        guard let process else { return }
        logger.warning("Plugin misbehaved; killing it", metadata: ["reason": "\(reason)"])
        process.signalGroup(9)
    }

    /// Unregisters the plugin's methods and ends its process.
    private func tearDown(gracefully: Bool) async {
        host.registry.unregisterAll(providedBy: name)
        host.release(name: name, slot: self)
        guard let process = state.withLock({ $0.process }) else { return }
        await process.terminate(gracefully: gracefully, grace: host.configuration.shutdownGrace)
    }

    private func standardErrorLine(_ line: String) {
        state.withLock { $0.standardError.append(line) }
        logger.info("\(line)", metadata: ["plugin.stderr": "true"])
    }

    /// What `plugins.list` shows.
    var status: PluginStatus {
        state.withLock { state in
            let manifest = state.manifest
            return PluginStatus(
                name: manifest?.name ?? fileName, version: manifest?.version, path: path,
                state: state.lifecycle.state, reason: state.lifecycle.reason,
                pid: state.lifecycle.state == .ready || state.lifecycle.state == .handshaking
                    ? state.process?.pid : nil,
                methods: manifest?.methods.map(\.name) ?? [], hooks: manifest?.hooks.map(\.name) ?? [],
                subscriptions: manifest?.subscriptions ?? [], calls: state.statistics.calls,
                errors: state.statistics.errors, p50Milliseconds: state.statistics.p50Milliseconds,
                restarts: state.lifecycle.restarts,
                residentBytes: state.lifecycle.state == .ready ? state.process?.residentBytes : nil,
                important: manifest?.important ?? false, standardError: state.standardError.lines)
        }
    }
}
