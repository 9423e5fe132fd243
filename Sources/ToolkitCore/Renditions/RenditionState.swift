import PetDiary

/// Where a video's browser-playable copy stands, as `photos.rendition` answers.
enum RenditionState: Sendable, Hashable {
    /// The video plays in a browser as it is (under `auto`): its own blob, path and type.
    case original(sha256: String, path: String, bytes: Int64, mediaType: String)
    /// Waiting for an ffmpeg slot.
    case queued
    /// Being made; the share done, 0 to 1.
    case running(progress: Double)
    /// Made and kept.
    case ready(StoredRendition)
    /// The last try failed; the next `wait` tries again.
    case failed(String)
    /// The policy is `never`.
    case disabled

    /// Its wire name.
    var name: String {
        switch self {
        case .original: "original"
        case .queued: "queued"
        case .running: "running"
        case .ready: "ready"
        case .failed: "failed"
        case .disabled: "disabled"
        }
    }
}
