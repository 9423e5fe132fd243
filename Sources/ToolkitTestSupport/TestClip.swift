/// Short video clips made by ffmpeg at test time from its `testsrc` pattern, so that no video is committed as a
/// fixture. ffmpeg is a test dependency (`make test-deps`, `.ci/run`).
public enum TestClip {
    /// Makes `name` in `directory`: `seconds` of a `width`×`height` picture at `rate` frames a second, of the
    /// lavfi source `pattern` (`testsrc`, or `color` for a black one that costs little to make large),
    /// encoded with the ffmpeg encoder `codec` (`libvpx-vp9`, `libx264`, `mjpeg`, …) into the container the
    /// name's extension says, in `pixelFormat` when one is given (else the encoder's choice). One encoder thread,
    /// so that it takes little of a busy machine.
    /// - Returns: The clip's path.
    /// - Throws: ``TestFailure`` when ffmpeg is missing or fails.
    public static func make(
        _ name: String, codec: String, width: Int = 64, height: Int = 48, rate: Int = 10, seconds: Double = 1,
        pixelFormat: String? = nil, pattern: String = "testsrc", in directory: TemporaryDirectory
    ) throws -> String {
        let path = directory.appending(name)
        let result = try Command(
            "/usr/bin/env",
            [
                "ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                "\(pattern)=size=\(width)x\(height):rate=\(rate)", "-t", "\(seconds)", "-c:v", codec, "-threads", "1",
            ] + (pixelFormat.map { ["-pix_fmt", $0] } ?? []) + [path]
        ).runBlocking()
        guard result.status == 0 else {
            throw TestFailure("ffmpeg could not make \(name) with \(codec): \(result.stderr)")
        }
        return path
    }

    /// Makes `name` in `directory` from ffmpeg's `arguments` (inputs, codecs, metadata), with no prompt and the
    /// clip's path appended as the output, for a clip ``make(_:codec:width:height:rate:seconds:in:)`` cannot
    /// describe: one with sound, a rotation or QuickTime metadata.
    /// - Returns: The clip's path.
    /// - Throws: ``TestFailure`` when ffmpeg is missing or fails.
    public static func make(_ name: String, arguments: [String], in directory: TemporaryDirectory) throws -> String {
        let path = directory.appending(name)
        let result = try Command(
            "/usr/bin/env", ["ffmpeg", "-nostdin", "-v", "error", "-y"] + arguments + ["-threads", "1", path]
        ).runBlocking()
        guard result.status == 0 else {
            throw TestFailure("ffmpeg could not make \(name): \(result.stderr)")
        }
        return path
    }

    /// Makes `name` in `directory`: `darkSeconds` of black, then `brightSeconds` of the `testsrc` pattern, at 25
    /// frames a second, in 8-bit 4:2:0 H.264: a clip whose first seconds are dark (a pocket, a lens cap).
    /// - Returns: The clip's path.
    /// - Throws: ``TestFailure`` when ffmpeg is missing or fails.
    public static func darkStart(
        _ name: String, darkSeconds: Int = 3, brightSeconds: Int = 5, width: Int = 64, height: Int = 48,
        in directory: TemporaryDirectory
    ) throws -> String {
        let size = "size=\(width)x\(height):rate=25"
        return try make(
            name,
            arguments: [
                "-f", "lavfi", "-i", "color=black:\(size):duration=\(darkSeconds)", "-f", "lavfi", "-i",
                "testsrc=\(size):duration=\(brightSeconds)", "-filter_complex", "[0][1]concat=n=2:v=1",
                "-c:v", "libx264", "-pix_fmt", "yuv420p",
            ],
            in: directory)
    }

    /// ``make(_:codec:width:height:rate:seconds:in:)`` from an async test: ffmpeg runs off the cooperative pool.
    public static func make(
        _ name: String, codec: String, width: Int = 64, height: Int = 48, rate: Int = 10, seconds: Double = 1,
        in directory: TemporaryDirectory
    ) async throws -> String {
        try await offThePool {
            try make(name, codec: codec, width: width, height: height, rate: rate, seconds: seconds, in: directory)
        }
    }

    /// ``make(_:arguments:in:)`` from an async test: ffmpeg runs off the cooperative pool.
    public static func make(_ name: String, arguments: [String], in directory: TemporaryDirectory) async throws
        -> String
    {
        try await offThePool { try make(name, arguments: arguments, in: directory) }
    }
}
