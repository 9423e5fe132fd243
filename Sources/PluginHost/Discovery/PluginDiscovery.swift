#if canImport(Glibc)
import Glibc
#endif

/// Finds plugin executables in the places the core is told to look, in load order, and refuses the
/// ones another user could change.
public struct PluginDiscovery: Sendable {
    /// A plugin file found, or why one was skipped.
    public enum Finding: Sendable, Hashable {
        case plugin(path: String)
        case skipped(path: String, reason: String)
    }

    /// The user the core runs as: files must belong to it or to root.
    let uid: uid_t

    /// - Parameter uid: the user whose files are trusted besides root's; the core's own when nil.
    public init(uid: UInt32? = nil) {
        self.uid = uid ?? getuid()
    }

    /// Looks at each of `paths` in order: an executable file is a plugin; a folder `NAME/` holding an
    /// executable `NAME` is one plugin; any other folder is read in name order, each entry taken the same
    /// way. A path that does not exist is skipped quietly when `optional`, with a warning otherwise.
    public func find(in paths: [String], optional: Bool = false) -> [Finding] {
        var findings: [Finding] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if !optional { findings.append(.skipped(path: path, reason: "it does not exist")) }
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR, !isPluginFolder(path) {
                for entry in entries(of: path) { findings.append(examine(join(path, entry))) }
            } else {
                findings.append(examine(path))
            }
        }
        return findings
    }

    /// The executable of a single plugin path (a file, or a folder `NAME/` holding `NAME`), checked.
    public func examine(_ path: String) -> Finding {
        let executable = isPluginFolder(path) ? join(path, lastComponent(path)) : path
        var info = stat()
        guard stat(executable, &info) == 0 else {
            return .skipped(path: path, reason: "it cannot be read (\(String(cString: strerror(errno))))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .skipped(path: path, reason: "it is not a file, nor a folder NAME/ holding an executable NAME")
        }
        guard access(executable, X_OK) == 0 else { return .skipped(path: path, reason: "it is not executable") }
        if let problem = StrictModes(uid: uid).problem(with: executable) {
            return .skipped(path: path, reason: problem)
        }
        return .plugin(path: executable)
    }

    private func isPluginFolder(_ path: String) -> Bool {
        var info = stat()
        let candidate = join(path, lastComponent(path))
        return stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = entry.entryName
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    private func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") && trimmed.count > 1 { trimmed = trimmed.dropLast() }
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }
}
