import ToolkitAPI

/// How the CLI shows when a photo was taken: the local time where it was lived (the file's recorded offset,
/// else the diary's time zone), to the minute, `2026-11-28 08:30`; `--json` has the offset (`takenAtLocal`).
enum LocalTimeText {
    static func minutes(_ photo: PhotoRecord) -> String {
        let text = photo.takenAtLocal ?? photo.takenAt
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// Whether the photo's file says when it was recorded (EXIF, or the video container's own date), rather than
    /// the file's modification time or the moment of the import standing in.
    static func isRecorded(_ photo: PhotoRecord) -> Bool {
        photo.takenAtSource == "exif" || photo.takenAtSource == "container"
    }
}
