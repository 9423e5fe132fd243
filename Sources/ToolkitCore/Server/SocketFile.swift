#if canImport(Glibc)
import Glibc
#endif

/// Preparing the path the core binds its socket to: the directory, a stale socket, a live one.
enum SocketFile {
    /// Creates the socket's directory (0700) when missing; makes the default directory 0700 when it exists.
    /// - Throws: ``CoreError`` `.socketUnusable` when the directory cannot be made.
    static func prepareDirectory(for socketPath: String, isDefaultLocation: Bool) throws {
        let directory = parentDirectory(of: socketPath)
        var status = stat()
        if stat(directory, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                throw CoreError(.socketUnusable, "\(directory) is not a directory; choose another --socket path.")
            }
            if isDefaultLocation && (status.st_mode & 0o777) != 0o700 {
                chmod(directory, 0o700)
            }
            return
        }
        try createDirectories(directory)
    }

    /// Removes a socket file that nobody listens on.
    /// - Throws: ``CoreError`` `.socketInUse` when a core answers on it, `.socketUnusable` when the path is
    ///   something other than a socket.
    static func removeIfStale(_ socketPath: String) throws {
        var status = stat()
        guard lstat(socketPath, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            throw CoreError(
                .socketUnusable, "\(socketPath) exists and is not a socket; remove it or choose another --socket path.")
        }
        if isListening(socketPath) {
            throw CoreError(
                .socketInUse,
                "Another core is already listening on \(socketPath). Stop it first (or use "
                    + "`toolkit call system.info` to talk to it), or give this one another --socket."
            )
        }
        unlink(socketPath)
    }

    /// Whether something accepts connections on the socket at `path`.
    static func isListening(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let result = withUnixSocketAddress(path) { connect(descriptor, $0, $1) }
        return result == 0
    }

    /// A new private (0700) directory next to `socketPath`, to bind in before renaming into place.
    /// - Throws: ``CoreError`` `.socketUnusable` when it cannot be made.
    static func makeStagingDirectory(besides socketPath: String) throws -> String {
        var template = Array((parentDirectory(of: socketPath) + "/.toolkit-bind-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            let reason = String(cString: strerror(errno))
            throw CoreError(.socketUnusable, "Cannot create a directory next to \(socketPath): \(reason).")
        }
        return String(cString: made)
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func createDirectories(_ directory: String) throws {
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 {
                chmod(prefix, 0o700)  // whatever the umask
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw CoreError(.socketUnusable, "Cannot create the socket directory \(prefix): \(reason).")
            }
        }
    }
}
