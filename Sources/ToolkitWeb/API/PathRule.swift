import JSONRPC
import ToolkitAPI

/// Files on the core's machine are not named over HTTP: a param that names a file or folder (its schema says
/// `"x-path"`; for a method the catalogue does not know, a plugin's, a param named as a path, as
/// ``ToolkitAPI/PathProperty`` reads one) is refused, so that a token holder on the network cannot import
/// `~/.ssh/id_ed25519` or export over a file. This is DESIGN's rule that a bridge holds such params to its
/// roots, with no roots: the web app has none yet. A file reaches the diary over HTTP through
/// `POST /api/upload` instead.
struct PathRule: Sendable {
    /// The path params of each built-in method, by method name.
    private let builtIn: [String: [String: PathProperty]]

    init(methods: [any APIMethod.Type] = MethodCatalogue.methods) {
        var table: [String: [String: PathProperty]] = [:]
        for method in methods {
            guard case .object(let properties)? = method.paramsSchema.json["properties"] else { continue }
            var paths: [String: PathProperty] = [:]
            for (name, schema) in properties {
                if let property = PathProperty(name: name, schema: schema, byPlugin: false) { paths[name] = property }
            }
            table[method.name] = paths
        }
        builtIn = table
    }

    /// The refusal of `request` when its params name a file; nil when they name none.
    func refusal(of request: RPCRequest) -> RPCError? {
        guard let raw = request.params, let params = try? raw.decode(JSONValue.self) else { return nil }
        let known = builtIn[request.method]
        switch params {
        case .object(let members):
            for (name, value) in members {
                let property =
                    known.map { $0[name] } ?? (PathProperty.namesAPath(name) ? PathProperty.path : nil)
                if let property, !property.paths(in: value).isEmpty {
                    return Self.refusal(request.method, field: name)
                }
            }
        case .array:
            // Params by position: refused only for a method that has a path param, which cannot be told apart.
            if let known, let name = known.keys.sorted().first { return Self.refusal(request.method, field: name) }
        default:
            break
        }
        return nil
    }

    private static func refusal(_ method: String, field: String) -> RPCError {
        .invalidParams(
            "\(method)'s \(field) names a file on the core's machine, which is not reachable over HTTP; upload "
                + "a photo or video with POST /api/upload, or call the method over the socket (toolkit call).",
            field: field, extra: [("reason", .string("path-over-http"))])
    }
}
