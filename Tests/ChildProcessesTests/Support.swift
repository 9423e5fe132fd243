import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether a process of group `group` is still running some seconds after it was killed (SIGKILL takes effect
/// when the process is next scheduled). A zombie does not count: it runs nothing, and an orphan's is reaped by
/// whichever process adopted it, not by the runner.
func groupIsAlive(_ group: pid_t) async throws -> Bool {
    for _ in 0..<200 {
        if livingMembers(of: group).isEmpty { return false }
        try await Task.sleep(for: .milliseconds(50))
    }
    return true
}

/// The processes of group `group` that are not zombies, from /proc.
private func livingMembers(of group: pid_t) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { entry in
        guard entry.allSatisfy(\.isNumber),
            let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let end = stat.range(of: ") ", options: .backwards)
        else { return false }
        // After the command's closing parenthesis: state, ppid, pgrp.
        let fields = stat[end.upperBound...].split(separator: " ")
        return fields.count > 2 && fields[0] != "Z" && fields[2] == "\(group)"
    }
}

/// The number in the file at `path` once something has written it, or nil after about `seconds`.
func waitForNumber(in path: String, seconds: Int = 20) async throws -> Int32? {
    for _ in 0..<(seconds * 20) {
        if let text = try? String(contentsOfFile: path, encoding: .utf8),
            let number = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return number
        }
        try await Task.sleep(for: .milliseconds(50))
    }
    return nil
}
