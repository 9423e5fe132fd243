#if canImport(Glibc)
import Glibc
#endif

/// A QR code of the URL on stderr, for a phone's camera, when the app listens where a phone can reach it. It is
/// drawn by `qrencode` (Debian's qrencode) when that is installed; otherwise a line says how to get one.
enum PhoneCode {
    static func show(_ url: String) {
        let directories = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        let path = directories.split(separator: ":").map { String($0) + "/qrencode" }
            .first { (candidate: String) in access(candidate, X_OK) == 0 }
        guard let path else {
            WebMain.printError("install qrencode (apt install qrencode) to have a QR code of the URL here.")
            return
        }
        let status = run(path, ["qrencode", "--type=UTF8", "--margin=2", url])
        if status != 0 { WebMain.printError("qrencode did not run (\(status)).") }
    }

    /// Runs `path` with `arguments` (its name first), stdin from /dev/null and its stdout on our stderr, and
    /// waits for it: its exit status, or an errno when it could not start.
    private static func run(_ path: String, _ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, path, &actions, nil, &argv, environ)
        guard error == 0 else { return error }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
