import FFmpeg
import Foundation
import ToolkitCore

extension DoctorCommand {
    /// ffmpeg as the core found it (its `system.info`), else as a core started now would (the config's
    /// `ffmpegPath`, else `PATH`). None is a warning: everything but video works without it.
    func ffmpegCheck(coreInfo: [String: Any]?) async -> Check {
        if let coreInfo, let found = coreInfo["ffmpeg"] {
            guard let found = found as? [String: Any], let path = found["path"] as? String,
                let version = found["version"] as? String
            else {
                return missing("the core has none: " + FFmpegError.notInstalled(configuredPath: nil).message)
            }
            return present(path: path, version: version, ffprobe: found["ffprobe"] as? String, source: " (the core's)")
        }
        let configuration = try? ToolkitConfiguration.resolve(
            .init(socketPath: global.socket, dataDirectory: global.dataDirectory), environment: global.environment)
        let ffmpeg = FFmpeg(configuredPath: configuration?.ffmpegPath, searchPath: global.environment["PATH"])
        do {
            let installation = try ffmpeg.installation()
            let version = try await ffmpeg.version()
            return present(
                path: installation.ffmpegPath, version: version, ffprobe: installation.ffprobePath, source: "")
        } catch {
            return missing("\(error)")
        }
    }

    private func present(path: String, version: String, ffprobe: String?, source: String) -> Check {
        guard let ffprobe else {
            return Check(
                name: "ffmpeg", status: "warn",
                detail: "\(path), version \(version)\(source); no ffprobe beside it or on PATH: videos cannot be "
                    + "probed; install the ffmpeg package whole")
        }
        return Check(name: "ffmpeg", status: "ok", detail: "\(path), version \(version)\(source); ffprobe \(ffprobe)")
    }

    private func missing(_ reason: String) -> Check {
        Check(
            name: "ffmpeg", status: "warn",
            detail: "\(reason). Install it (apt-get install ffmpeg) or set ffmpegPath in the config file; "
                + "everything else works without it")
    }
}
