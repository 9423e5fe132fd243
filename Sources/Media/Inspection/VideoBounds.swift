/// What a video's header may claim before it is taken for a lie: the hand-written container readers
/// (WebM, Matroska, AVI) refuse a file whose size or duration is beyond these.
enum VideoBounds {
    /// The widest or tallest frame believed, in pixels (ISO media's 16.16 sizes stop here too).
    static let maximumDimension = 65_535
    /// The longest duration believed: about 115 days.
    static let maximumDurationSeconds = 10_000_000.0

    /// A header's size value as an `Int`, saturated so that ``check(_:format:)`` can refuse it.
    static func clamped(_ value: UInt64) -> Int { Int(min(value, UInt64(Int32.max))) }

    /// - Throws: `MediaError.notMedia` (`bad-dimensions`, `bad-duration`) when `info` claims a width or height
    ///   of 0 or beyond ``maximumDimension``, or a duration beyond ``maximumDurationSeconds``.
    static func check(_ info: MediaInfo, format: String) throws {
        for value in [info.width, info.height] {
            guard let value else { continue }
            guard value > 0, value <= maximumDimension else {
                throw MediaError.notMedia(
                    "the \(format) file claims a frame of \(info.width ?? 0) × \(info.height ?? 0) pixels, which is"
                        + " not a real video's; the file is damaged",
                    reason: "bad-dimensions")
            }
        }
        if let seconds = info.durationSeconds, !(seconds <= maximumDurationSeconds) {
            throw MediaError.notMedia(
                "the \(format) file claims to last \(seconds) seconds, which is not a real video's; the file is"
                    + " damaged",
                reason: "bad-duration")
        }
    }
}
