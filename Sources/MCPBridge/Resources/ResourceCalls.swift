import JSONRPC
import ToolkitAPI

/// The core's methods as the resource methods call them: typed, with the core's errors as MCP errors that carry
/// its message (a record that is not there is invalid params, as MCP asks of a resource that does not exist).
struct ResourceCalls: Sendable {
    let link: RPCLink

    /// Calls `method` with `params`.
    /// - Throws: ``JSONRPC/RPCError``: invalid params for the core's not-found and invalid-params errors, else its
    ///   code and message; an internal error when no core answers.
    func call<Method: APIMethod>(_ method: Method.Type, _ params: Method.Params) async throws -> Method.Result {
        do {
            return try await link.call(Method.name, params: RawJSON(encoding: params)).decode(Method.Result.self)
        } catch let error as RPCError {
            throw Self.resourceError(error)
        } catch let error as RPCClientError {
            throw MCPError.internalError(MCPError.coreDidNotAnswer(Method.name, error))
        } catch {
            throw MCPError.internalError("\(Method.name) failed: \(error)")
        }
    }

    /// The resource error of an error the core answered: a record the core does not have is invalid params, as
    /// MCP asks; other errors keep their code.
    static func resourceError(_ error: RPCError) -> RPCError {
        switch error.code {
        case .notFound, .invalidParams: MCPError.invalidParams(error.message)
        default: RPCError(code: error.code, message: error.message)
        }
    }
}
