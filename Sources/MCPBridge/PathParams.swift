import JSONRPC
import ToolkitAPI

/// Which params of a tool name files or folders on the core's machine, as `rpc.discover` describes its method:
/// those whose schema says `"x-path"`, a plugin's that are paths by their name (``PathProperty``), and, for a
/// plugin's method that takes params its schema does not list, any such param named as a path.
struct PathParams: Sendable, Hashable {
    /// The listed params that name files.
    var listed: [String: PathProperty] = [:]
    /// The names of every listed param, paths or not.
    var names: Set<String> = []
    /// Whether a param the schema does not list is a path by its name: a plugin's method that takes any.
    var unlistedByName = false

    /// The path params of a method whose params `descriptors` describe (`{name, schema}` each), declared by a
    /// plugin or not, with a schema `closed` to params it does not list or not.
    init(descriptors: [JSONValue], byPlugin: Bool, closed: Bool) {
        for descriptor in descriptors {
            guard case .string(let name)? = descriptor["name"] else { continue }
            names.insert(name)
            if let schema = descriptor["schema"],
                let property = PathProperty(name: name, schema: schema, byPlugin: byPlugin)
            {
                listed[name] = property
            }
        }
        // A single descriptor named params stands for a schema without properties: the method takes any.
        if descriptors.count == 1, names == ["params"], listed.isEmpty { names = [] }
        unlistedByName = byPlugin && !closed
    }

    init() {}

    /// Whether no param can name a file, so the bridge need not read the arguments for paths.
    var isEmpty: Bool { listed.isEmpty && !unlistedByName }

    /// What the param `name` names: nil when no file.
    func property(_ name: String) -> PathProperty? {
        if let property = listed[name] { return property }
        guard unlistedByName, !names.contains(name), PathProperty.namesAPath(name) else { return nil }
        return .path
    }
}
