#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import JSONRPC
import ToolkitAPI

/// Which files an assistant may name: the paths a tool's arguments give in params that name files (their schema
/// says `"x-path"`; a plugin's may say so by the param's name) must lie under one of the roots (the client's, and
/// the config's `mcp.roots`), after symbolic links and `..` are resolved, so a model cannot import
/// `~/.ssh/id_ed25519`, export over a file outside them, or have a plugin write there.
enum PathGuard {
    /// Why a call of `method` with `arguments` may not go ahead, naming the path and the allowed roots; nil when
    /// every path it names is under a root. `params` says which of the method's params name files.
    static func refusal(
        method: String, arguments: [(String, JSONValue)], params: PathParams, roots: [String]
    ) -> String? {
        var paths: [String] = []
        for (name, value) in arguments {
            if let property = params.property(name) { paths += property.paths(in: value) }
        }
        guard !paths.isEmpty else { return nil }
        let resolvedRoots = roots.map(resolved)
        for path in paths {
            guard path.hasPrefix("/") else {
                return "\(method): '\(path)' is not an absolute path; give one under \(describe(roots))."
            }
            let real = resolved(path)
            guard resolvedRoots.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
                return "\(method): '\(path)' is outside the roots this assistant may use (\(describe(roots))). "
                    + "Add a root in the assistant's settings or to the config's mcp.roots."
            }
        }
        return nil
    }

    /// The roots in a sentence.
    private static func describe(_ roots: [String]) -> String {
        roots.isEmpty
            ? "none are set: the client gave no roots and the config's mcp.roots is empty"
            : roots.joined(
                separator: ", ")
    }

    /// `path` with symbolic links, `.` and `..` resolved: the real path of its deepest existing ancestor, then
    /// the rest, `..` taken lexically.
    static func resolved(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                var components = String(cString: real).split(separator: "/").map(String.init)
                for part in rest.reversed() {
                    switch part {
                    case "", ".": continue
                    case "..": if !components.isEmpty { components.removeLast() }
                    default: components.append(part)
                    }
                }
                return "/" + components.joined(separator: "/")
            }
            guard let slash = existing.lastIndex(of: "/"), existing != "/" else { return path }
            rest.append(String(existing[existing.index(after: slash)...]))
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
    }

    /// The paths of `file://` root URIs a client gave.
    static func paths(ofRootURIs uris: [String]) -> [String] {
        uris.compactMap { uri in
            guard let url = URL(string: uri), url.isFileURL else { return nil }
            return url.path
        }
    }
}
