/// How bright a picture is, as ffmpeg's `signalstats` filter measures it, so that a test can tell a black poster
/// from one that shows something.
public enum PictureBrightness {
    /// The average luma (0 black to 255 white, for a JPEG) of the image at `path`.
    /// - Throws: ``TestFailure`` when ffmpeg is missing or cannot read it.
    public static func averageLuma(ofImageAt path: String) async throws -> Double {
        let result = try await Command.run(
            "/usr/bin/env",
            [
                "ffmpeg", "-nostdin", "-v", "info", "-i", path, "-vf",
                "signalstats,metadata=print:key=lavfi.signalstats.YAVG", "-f", "null", "-",
            ])
        let key = "lavfi.signalstats.YAVG="
        guard result.status == 0,
            let line = result.stderr.split(separator: "\n").first(where: { $0.contains(key) }),
            let value = line.split(separator: "=").last.flatMap({ Double($0) })
        else {
            throw TestFailure("ffmpeg could not measure \(path): \(result.stderr)")
        }
        return value
    }
}
