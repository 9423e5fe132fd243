/// Clips whose headers lie about their frames, made by patching the bytes of a small clip ffmpeg made at test
/// time, to show that neither the import's own header readers nor ffmpeg believe them into allocating what the
/// header claims.
public enum HostileClip {
    /// An AVI of 64 × 48 uncompressed I420 frames (2 seconds at 10 a second) whose video stream format claims
    /// `width` × `height` pixels a frame: the `strf` chunk's BITMAPINFOHEADER, whose `biWidth` and `biHeight`
    /// (little-endian 32-bit, at 4 and 8 in its data) ffmpeg sizes the decoder by. With `mainHeaderToo`, the
    /// `avih` chunk's `dwWidth` and `dwHeight` (at 32 and 36 in its data), which the import reads, claim it as
    /// well; without, they keep saying 64 × 48, so the import takes the clip and only ffmpeg meets the lie.
    /// - Returns: The clip's path.
    /// - Throws: ``TestFailure`` when ffmpeg is missing or fails, or the chunks are not where they should be.
    public static func claimingFrameSize(
        width: UInt32, height: UInt32, mainHeaderToo: Bool, name: String, in directory: TemporaryDirectory
    ) throws -> String {
        let honest = try TestClip.make(
            "honest-" + name, codec: "rawvideo", width: 64, height: 48, rate: 10, seconds: 2, pixelFormat: "yuv420p",
            in: directory)
        var bytes = try directory.read(honest)
        func patch(_ chunk: String, at offset: Int) throws {
            let id = Array(chunk.utf8)
            guard let start = (12..<min(bytes.count, 4096) - 8).first(where: { Array(bytes[$0..<$0 + 4]) == id })
            else { throw TestFailure("no \(chunk) chunk in the AVI ffmpeg made") }
            for (index, value) in [width, height].enumerated() {
                for byte in 0..<4 {
                    bytes[start + 8 + offset + index * 4 + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte))
                }
            }
        }
        try patch("strf", at: 4)
        if mainHeaderToo { try patch("avih", at: 32) }
        return try directory.write(name, bytes)
    }
}
