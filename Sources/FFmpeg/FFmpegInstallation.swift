import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where ffmpeg and ffprobe are: the config's `ffmpegPath`, else the first `ffmpeg` on `PATH`; ffprobe
/// beside it, else on `PATH`.
public struct FFmpegInstallation: Sendable, Hashable {
    public var ffmpegPath: String
    /// `nil` when there is no ffprobe: probing then fails with ``FFmpegError/Code/notInstalled``.
    public var ffprobePath: String?

    public init(ffmpegPath: String, ffprobePath: String?) {
        self.ffmpegPath = ffmpegPath
        self.ffprobePath = ffprobePath
    }

    /// Looks for the programs: `configuredPath` (a file, or a directory holding `ffmpeg`) wins; without it,
    /// `searchPath` (`PATH`'s value) is searched.
    /// - Throws: ``FFmpegError`` `.notInstalled` when there is no executable ffmpeg there.
    public static func locate(configuredPath: String?, searchPath: String?) throws(FFmpegError)
        -> FFmpegInstallation
    {
        let directories = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        let ffmpeg: String
        if let configuredPath {
            let inside = configuredPath + "/ffmpeg"
            guard let found = [configuredPath, inside].first(where: isExecutableFile) else {
                throw .notInstalled(configuredPath: configuredPath)
            }
            ffmpeg = found
        } else {
            guard let found = directories.map({ $0 + "/ffmpeg" }).first(where: isExecutableFile) else {
                throw .notInstalled(configuredPath: nil)
            }
            ffmpeg = absolute(found)
        }
        let beside = ffmpeg.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let ffprobe = ([beside] + directories).map { $0 + "/ffprobe" }.first(where: isExecutableFile)
        return FFmpegInstallation(ffmpegPath: ffmpeg, ffprobePath: ffprobe.map(absolute))
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    private static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
