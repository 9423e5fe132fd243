#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// What `/proc/PID` says about a running core: its CPU time, resident memory and open descriptors.
struct ProcessStatus {
    let pid: pid_t

    /// User plus system CPU time so far, in seconds (`utime` and `stime` of `/proc/PID/stat`).
    func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name (which may hold spaces) start after its closing parenthesis.
        let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        return Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The resident set now and its peak so far, in bytes (`VmRSS` and `VmHWM` of `/proc/PID/status`).
    func residentBytes() throws -> (now: Int, peak: Int) {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func kibibytes(_ key: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return (kibibytes("VmRSS"), kibibytes("VmHWM"))
    }

    /// How many descriptors the process has open.
    func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
    }
}
