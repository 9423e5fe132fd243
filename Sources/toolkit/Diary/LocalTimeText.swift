import Foundation
import JSONRPC
import PetDiary
import ToolkitAPI

/// How the CLI shows when a photo was taken: the local time where it was lived (the file's recorded offset,
/// else the diary's time zone), to the minute, `2026-11-28 08:30`; `--json` has the offset (`takenAtLocal`).
enum LocalTimeText {
    static func minutes(_ photo: PhotoRecord) -> String {
        let text = photo.takenAtLocal ?? photo.takenAt
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    /// An RFC 3339 UTC time (`createdAt`) in `zone`, to the minute: `2026-11-28 08:30`; as it is when it is not one.
    static func minutes(_ utc: String, in zone: TimeZone) -> String {
        guard let instant = Timestamp.date(from: utc) else { return utc }
        let local = LocalTime(instant: instant, recorded: nil, in: zone).text
        return String(local.prefix(10)) + " " + String(local.dropFirst(11).prefix(5))
    }

    /// The diary's time zone, as the core reports it (`system.info`); the system's when it does not say.
    static func diaryZone(_ core: CoreCall) async -> TimeZone {
        let info = try? await core.client.call(SystemInfo.self)
        return info?.timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
    }

    /// Whether the photo's file says when it was recorded (EXIF, or the video container's own date), rather than
    /// the file's modification time or the moment of the import standing in.
    static func isRecorded(_ photo: PhotoRecord) -> Bool {
        photo.takenAtSource == "exif" || photo.takenAtSource == "container"
    }
}
