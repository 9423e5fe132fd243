import ArgumentParser
import Foundation
import JSONRPC
import ToolkitCore

/// `toolkit call METHOD [JSON | key=value ...]`: one JSON-RPC call from the shell.
struct CallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Call a method on the running core and print its result.",
        discussion: """
            Params are one JSON object or array, or key=value pairs: each value is read as JSON when it is \
            valid JSON (42, true, null, "x", [1,2], {"a":1}) and as a plain string otherwise.

              toolkit call system.ping
              toolkit call events.emit topic=user.walk data='{"minutes": 20}'
              toolkit call rpc.cancel '{"id": 7}'

            On a terminal the result is pretty-printed (a string result prints bare); with --json, or when \
            output goes to a pipe or file, it is the result's raw JSON on one line. An error prints its message \
            to stderr (with --json, the error object to stdout) and exits 1.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The method, for example system.info.")
    var method: String

    @Argument(help: ArgumentHelp("Params: one JSON object or array, or key=value pairs.", valueName: "params"))
    var params: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Give up after this many seconds (0: wait as long as it takes).", valueName: "seconds"))
    var timeout: Double = 0

    func validate() throws {
        _ = try CallParams.parse(params)
    }

    func run() async throws {
        let params = try CallParams.parse(params)
        try await withCore(global) { core in
            let result = try await core.raw(method, params: params, timeout: timeout)
            print(Self.render(result, raw: global.json || !standardOutputIsTerminal))
        }
    }

    static func render(_ result: RawJSON, raw: Bool) -> String {
        if raw { return result.text }
        if let string = JSONStructure.string(in: result.buffer) { return string }
        return JSONPrettyPrinter.format(result)
    }
}

/// Builds the params of `toolkit call` from its arguments.
enum CallParams {
    static func parse(_ arguments: [String]) throws -> RawJSON? {
        guard let first = arguments.first else { return nil }
        if arguments.count == 1, let json = validJSON(first), json.isObject || json.isArray {
            return json
        }
        var text = "{"
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                throw ValidationError("'\(argument)' is neither a JSON object or array nor a key=value pair.")
            }
            let key = String(argument[..<equals])
            let value = String(argument[argument.index(after: equals)...])
            if text.count > 1 { text += "," }
            text += JSONValue.string(key).text + ":" + (validJSON(value)?.text ?? JSONValue.string(value).text)
        }
        return RawJSON(unchecked: text + "}")
    }

    /// The text as raw JSON if it is exactly one valid JSON value.
    private static func validJSON(_ text: String) -> RawJSON? {
        guard let data = text.data(using: .utf8),
            (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil
        else { return nil }
        return RawJSON(unchecked: text)
    }
}

/// How `toolkit` shows an error the core returned.
enum RPCErrorRendering {
    /// The message, its code, the next step when the CLI knows one, and with `-v` the error's data object
    /// (with `--json` the whole error is printed to stdout; the data mostly repeats the message).
    /// - Parameter flags: the command's flags, named instead of the params the message names.
    static func sentence(
        _ error: RPCError, verbose: Bool = GlobalOptions.verboseRequested, flags: ParamFlags = ParamFlags()
    ) -> String {
        var text = flags.message(of: error)
        if let hint = hint(error) { text += " " + hint + "." }
        text += " (error \(error.code.rawValue))"
        if verbose, let data = error.data { text += " \(data.text)" }
        return text
    }

    /// What to do next, for errors whose fix is a CLI command: a text over its limit.
    static func hint(_ error: RPCError) -> String? {
        guard let data = error.data,
            let object = try? JSONSerialization.jsonObject(with: Data(data.text.utf8)) as? [String: Any],
            let field = object["field"] as? String, ["title", "body"].contains(field),
            let length = object["length"] as? Int, object["limit"] is Int
        else { return nil }
        return "To allow longer ones: toolkit call settings.set \(field)Limit=\(length)"
    }

    static func json(_ error: RPCError) -> String {
        var text = "{\"code\":\(error.code.rawValue),\"message\":\(JSONValue.string(error.message).text)"
        if let data = error.data { text += ",\"data\":\(data.text)" }
        return text + "}"
    }
}

/// Runs `body`, failing with a client error after `seconds` (0: no limit).
func withTimeout<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    guard seconds > 0 else { return try await body() }
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            throw RPCClientError(code: .connectionClosed, message: "No answer within \(seconds) seconds.")
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
