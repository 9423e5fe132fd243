import ChildProcesses
import FFmpeg
import Foundation

/// The ffmpeg on this machine's `PATH`, one run at a time, as the core would find it.
func systemFFmpeg(limits: ProcessLimits = ProcessLimits()) -> FFmpeg {
    FFmpeg(
        configuredPath: nil, searchPath: ProcessInfo.processInfo.environment["PATH"], concurrentRuns: 1,
        limits: limits)
}
