import ToolkitAPI

/// The names records go by in resource lists and in links between resources.
enum ResourceNames {
    /// An entry: its title and day, `Walk in the park (2026-03-01)`.
    static func entry(_ entry: EntryRecord) -> String {
        "\(entry.title) (\(entry.date))"
    }

    /// A photo or video: its file name (or what it is) and the day it was taken, `IMG_0001.jpg (2026-03-01)`,
    /// `walk.mp4 (video, 2026-03-01)`, `Photo (2026-03-01)`.
    static func photo(_ photo: PhotoRecord) -> String {
        let day = photo.takenDay ?? String(photo.takenAt.prefix(10))
        let isVideo = photo.mediaType.hasPrefix("video/")
        guard let filename = photo.filename, !filename.isEmpty else {
            return "\(isVideo ? "Video" : "Photo") (\(day))"
        }
        return isVideo ? "\(filename) (video, \(day))" : "\(filename) (\(day))"
    }
}
