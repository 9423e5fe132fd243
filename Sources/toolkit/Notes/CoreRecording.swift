import Archiving
import ArgumentParser
import Dispatch
import Foundation
import JSONRPC
import Synchronization
import ToolkitAPI

/// A recording made by the core (`sounds.record`, `notes.record`) from the command line: a progress line on a
/// terminal, and Ctrl-C cancelling the call (`rpc.cancel`), so that the core keeps nothing.
enum CoreRecording {
    /// Calls `method` with `params` (their `progress` set when a progress line is shown), and returns its
    /// result; nil with `--json`, after printing it.
    /// - Parameter quietly: errors of the core to rethrow unprinted, for the caller to report.
    /// - Throws: `ExitCode` 130 after Ctrl-C, else what ``CoreCall/call(_:_:)`` throws.
    static func run<Method: APIMethod>(
        _ method: Method.Type, core: CoreCall, quiet: Bool,
        quietly: @escaping @Sendable (RPCError) -> Bool = { _ in false }, params: (_ progress: Bool) -> Method.Params
    ) async throws -> Method.Result? {
        let display = ProgressDisplay(verb: "recording", quiet: quiet || core.global.json, unit: "s")
        let watcher = Task { [client = core.client] in
            guard let handler = display.handler else { return }
            for await notification in client.notifications where notification.method == ProgressNotification.method {
                if let params = notification.params, let (done, total) = ExportCommand.progress(in: params) {
                    handler(.init(member: "", membersDone: 0, bytesDone: done, bytesTotal: total))
                }
            }
        }
        defer { watcher.cancel() }
        let params = params(display.handler != nil)
        let interrupted = Atomic<Bool>(false)
        // The call itself fails with -32005 once Ctrl-C cancels it; that is reported here, not as an error.
        let call = Task {
            do {
                return try await core.call(method, params, quietly: { $0.code == .cancelled || quietly($0) })
            } catch let error as RPCError where error.code == .cancelled {
                throw CancellationError()
            }
        }
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        interrupt.setEventHandler {
            interrupted.store(true, ordering: .relaxed)
            call.cancel()
        }
        interrupt.resume()
        defer {
            interrupt.cancel()
            signal(SIGINT, SIG_DFL)
        }
        do {
            let result = try await call.value
            display.finish()
            return result
        } catch is CancellationError {
            display.finish()
            printError(
                interrupted.load(ordering: .relaxed)
                    ? "Cancelled: the core stopped recording and kept nothing."
                    : "The core cancelled the recording; nothing was kept.")
            throw ExitCode(130)
        }
    }
}
