#if canImport(Glibc)
import Glibc
#endif

/// sshd's `StrictModes` for plugins: a plugin runs with the core's rights, so neither its file nor any
/// folder above it may be changeable by another user.
struct StrictModes {
    let uid: uid_t

    /// Why `path` (after following links) is unsafe, or nil when it is safe.
    func problem(with path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return "it cannot be resolved" }
        defer { free(resolved) }
        var current = String(cString: resolved)
        while true {
            if let problem = problem(withEntry: current) { return problem }
            guard current != "/" else { return nil }
            let parent = current.split(separator: "/", omittingEmptySubsequences: true).dropLast()
            current = "/" + parent.joined(separator: "/")
        }
    }

    private func problem(withEntry path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "\(path) cannot be read" }
        if info.st_uid != uid && info.st_uid != 0 {
            return "\(path) belongs to uid \(info.st_uid), not to the core's user (\(uid)) or root"
        }
        // A root-owned folder with the sticky bit (/tmp) is safe: no one else may rename or remove our entries.
        let isStickyRootFolder = (info.st_mode & S_IFMT) == S_IFDIR && info.st_mode & S_ISVTX != 0 && info.st_uid == 0
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0, !isStickyRootFolder {
            let who = info.st_mode & S_IWOTH != 0 ? "everyone" : "its group"
            return "\(path) is writable by \(who) (chmod go-w \(path))"
        }
        return nil
    }
}
