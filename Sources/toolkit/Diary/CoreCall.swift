import ArgumentParser
import Foundation
import JSONRPC

/// One connection to the running core for a convenience command: calls, decodes, and turns failures
/// into the documented exit statuses.
struct CoreCall {
    let client: RPCClient
    let global: GlobalOptions

    /// Connects, or exits 69 with a sentence saying no core is listening.
    static func connect(_ global: GlobalOptions) async throws -> CoreCall {
        do {
            return CoreCall(client: try await RPCClient.connect(to: global.resolvedSocketPath), global: global)
        } catch {
            printError("\(error)")
            throw ToolkitExit.unavailable
        }
    }

    /// Calls `method` with `params` (an object of non-nil values) and returns the raw result.
    /// - Throws: `ExitCode` 1 after printing the core's error, 76 when the answer cannot be read.
    func raw(_ method: String, _ params: [String: JSONValue?] = [:]) async throws -> RawJSON {
        let members = params.compactMap { key, value in value.map { (key, $0) } }.sorted { $0.0 < $1.0 }
        return try await raw(method, params: RawJSON(.object(members)))
    }

    /// Calls `method` with raw params, giving up after `timeout` seconds (0: no limit).
    /// - Throws: `ExitCode` 1 after printing the core's error, 76 when the answer cannot be read or is late.
    func raw(_ method: String, params: RawJSON?, timeout: Double = 0) async throws -> RawJSON {
        do {
            return try await withTimeout(seconds: timeout) { [client] in try await client.call(method, params: params) }
        } catch let error as RPCError {
            if global.json { print(RPCErrorRendering.json(error)) }
            printError(RPCErrorRendering.sentence(error))
            throw ToolkitExit.rpcError
        } catch let error as RPCClientError {
            printError(error.message)
            throw ToolkitExit.protocolError
        }
    }

    /// Calls `method` and decodes its result; with `--json` the raw result is printed instead and nil returned.
    func call<Result: Decodable>(_ method: String, _ params: [String: JSONValue?] = [:], as type: Result.Type)
        async throws -> Result?
    {
        let result = try await raw(method, params)
        if global.json {
            print(result.text)
            return nil
        }
        do {
            return try JSONDecoder().decode(Result.self, from: Data(result.text.utf8))
        } catch {
            printError("The core's answer to \(method) was not what this toolkit expects: \(error)")
            throw ToolkitExit.protocolError
        }
    }

    func close() async { await client.close() }
}

extension Optional where Wrapped == String {
    /// The value as a JSON string, or nil.
    var json: JSONValue? { map(JSONValue.string) }
}

extension Optional where Wrapped == Int {
    var json: JSONValue? { map(JSONValue.int) }
}

extension Optional where Wrapped == Bool {
    var json: JSONValue? { map(JSONValue.bool) }
}
