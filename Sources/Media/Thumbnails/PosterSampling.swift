/// Which frames of a video ffmpeg's `thumbnail` filter chooses its poster among: the filter keeps the frame
/// nearest the average of those it sees, so they must stand for the whole clip. Seen from its first frames
/// only, a clip whose first seconds are dark (a pocket, a lens cap, a fade in) gets a dark poster.
///
/// With the clip's length known, ``candidates`` frames are picked a fixed step apart over all of it (ffmpeg's
/// `select`); a long clip is decoded at its keyframes only (`-skip_frame nokey`), so that the poster of an
/// hour costs a few hundred decoded frames, not ninety thousand. Without the length, the first 50 frames.
struct PosterSampling: Equatable {
    /// The frames the `thumbnail` filter chooses among.
    let candidates: Int
    /// Seconds between the frames picked; `nil`: every frame, from the first.
    let step: Double?
    /// Whether only keyframes are decoded.
    let keyframesOnly: Bool

    /// Frames spread over a clip.
    static let spreadCandidates = 20
    /// The frames looked at when the length is unknown.
    static let leadingCandidates = 50
    /// From this length on, only keyframes are decoded: every phone and camera writes one every few seconds.
    static let keyframesOnlyFromSeconds = 120.0

    init(durationSeconds: Double?) {
        guard let seconds = durationSeconds, seconds.isFinite, seconds > 0 else {
            (candidates, step, keyframesOnly) = (Self.leadingCandidates, nil, false)
            return
        }
        candidates = Self.spreadCandidates
        step = seconds / Double(Self.spreadCandidates)
        keyframesOnly = seconds >= Self.keyframesOnlyFromSeconds
    }

    /// Options before `-i`.
    var inputOptions: [String] { keyframesOnly ? ["-skip_frame", "nokey"] : [] }

    /// The `select` filter and its comma, to put before the scaling; empty when every frame is a candidate.
    var selection: String {
        guard let step else { return "" }
        let seconds = (step * 1_000).rounded(.down) / 1_000
        return "select='isnan(prev_selected_t)+gte(t-prev_selected_t,\(seconds))',"
    }
}
