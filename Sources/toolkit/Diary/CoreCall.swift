import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// One connection to the running core for a convenience command: calls, decodes, and turns failures
/// into the documented exit statuses.
struct CoreCall {
    let client: RPCClient
    let global: GlobalOptions
    /// The command's flags, named in the core's refusals instead of the params they fill.
    var flags = ParamFlags()

    /// Connects, or exits 69 with a sentence saying no core is listening.
    /// - Parameter flags: the command's flags, for the core's refusals to name (``ParamFlags``).
    static func connect(_ global: GlobalOptions, flags: ParamFlags = ParamFlags()) async throws -> CoreCall {
        do {
            return CoreCall(
                client: try await RPCClient.connect(to: global.resolvedSocketPath), global: global, flags: flags)
        } catch {
            printError("\(error)")
            throw ToolkitExit.unavailable
        }
    }

    /// Calls `method` with raw params, giving up after `timeout` seconds (0: no limit).
    /// - Parameter quietly: which errors of the core to rethrow as they are, for the caller to report.
    /// - Throws: `ExitCode` 1 after printing the core's error, 76 when the answer cannot be read or is late.
    func raw(
        _ method: String, params: RawJSON?, timeout: Double = 0, quietly: (RPCError) -> Bool = { _ in false }
    ) async throws -> RawJSON {
        do {
            return try await withTimeout(seconds: timeout) { [client] in try await client.call(method, params: params) }
        } catch let error as RPCError where quietly(error) {
            throw error
        } catch let error as RPCError {
            if global.json { print(RPCErrorRendering.json(error)) }
            printError(RPCErrorRendering.sentence(error, verbose: global.verbose, flags: flags))
            throw ToolkitExit.rpcError
        } catch let error as RPCClientError {
            printError(error.message)
            throw ToolkitExit.protocolError
        }
    }

    /// Calls a catalogue method and decodes its result; with `--json` the raw result is printed instead and
    /// nil returned. Errors `quietly` accepts are rethrown unprinted.
    /// - Throws: `ExitCode` 1 after printing the core's error, 76 when the answer cannot be read.
    func call<Method: APIMethod>(
        _ method: Method.Type, _ params: Method.Params, quietly: (RPCError) -> Bool = { _ in false }
    ) async throws -> Method.Result? {
        let result = try await raw(Method.name, params: try RawJSON(encoding: params), quietly: quietly)
        if global.json {
            print(result.text)
            return nil
        }
        do {
            return try result.decode(Method.Result.self)
        } catch {
            printError("The core's answer to \(Method.name) was not what this toolkit expects: \(error)")
            throw ToolkitExit.protocolError
        }
    }

    func close() async { await client.close() }
}
