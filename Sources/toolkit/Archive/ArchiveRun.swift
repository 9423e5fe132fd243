import ArgumentParser
import Archiving
import Foundation
import JSONRPC
import Sharing
import ToolkitAPI
import ToolkitCore

/// Where an archive command's work is done: by the running core over its socket, or, when none answers,
/// in this process on the data directory (the offline fallback), through the same library code.
enum ArchiveRun {
    case core(RPCClient)
    case offline(OfflineFallback)

    /// The core when one accepts a connection on the socket, else offline (``OfflineFallback``).
    /// - Throws: `ExitCode` 78 after saying why, when offline and the config file is not valid.
    static func choose(_ global: GlobalOptions, context: String) async throws -> ArchiveRun {
        if let client = await OfflineFallback.connect(global) { return .core(client) }
        do {
            return .offline(try OfflineFallback(global))
        } catch {
            throw ArchiveCommandFailure("\(error)", exit: 78).report(context)
        }
    }

    /// Which way was taken, for people.
    func describe(_ global: GlobalOptions) -> String {
        switch self {
        case .core: "through the core at \(global.resolvedSocketPath)"
        case .offline(let offline): offline.notice(global)
        }
    }

    func close() async {
        if case .core(let client) = self { await client.close() }
    }

    /// Calls `method` on the core.
    static func call<Method: APIMethod>(
        _ client: RPCClient, _ method: Method.Type, _ params: Method.Params
    ) async throws -> Method.Result {
        let raw = try await client.call(Method.name, params: try RawJSON(encoding: params))
        do {
            return try raw.decode(Method.Result.self)
        } catch {
            throw ArchiveCommandFailure(
                "The core's answer to \(Method.name) was not what this toolkit expects: \(error)", exit: 76)
        }
    }
}

/// A failure an archive command reports in one line on stderr, with its exit status.
struct ArchiveCommandFailure: Error {
    var message: String
    var exit: Int32

    init(_ message: String, exit: Int32 = 1) {
        self.message = message
        self.exit = exit
    }

    /// The line and status for any error: 75 for a held lock, 1 for the rest.
    init(_ error: any Error) {
        switch error {
        case let error as ArchiveCommandFailure:
            self = error
        case let error as BackupLockHeld:
            self.init(error.description, exit: 75)
        case let error as SharingError:
            self.init(error.rpcError)
        case let error as RPCError:
            let locked = error.code == .conflict && error.data?.text.contains("\"locked\"") == true
            self.init(locked ? error.message : RPCErrorRendering.sentence(error), exit: locked ? 75 : 1)
        case let error as ArchiveError:
            self.init(error.description + (error.reason.map { " [\($0)]" } ?? ""))
        case let error as RPCClientError:
            self.init(error.message, exit: 76)
        default:
            self.init("\(error)")
        }
    }

    /// Prints the line and gives the exit code.
    func report(_ context: String) -> ExitCode {
        printError("\(context): \(message)")
        return ExitCode(exit)
    }
}

/// `path` made absolute against the current directory.
func absolutePath(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: cwd + "/")).standardizedFileURL.path
}

/// Encodes `value` as one line of JSON.
func jsonLine(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
}
