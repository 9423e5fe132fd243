package import FFmpeg
import Glibc
#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
import Media
package import PetDiary

/// The diary of a data directory opened by a command itself, when no core answers on the socket (DESIGN,
/// "Command line": `toolkit archive` works whether the core runs or not). It publishes no events and asks no
/// plugins: there is no core to deliver them.
package enum OfflineDiary {
    /// Opens the diary in `dataDirectory`, its days in `timeZone`; with `ffmpeg`, videos get posters as the core's
    /// do.
    /// - Throws: ``CoreError`` `.dataDirectory` when there is no diary there, or it cannot be opened.
    package static func open(
        dataDirectory: String, timeZone: TimeZone = .current, ffmpeg: FFmpeg? = nil
    ) throws -> Diary {
        let database = dataDirectory + "/toolkit.sqlite"
        guard access(database, R_OK) == 0 else {
            throw CoreError(
                .dataDirectory,
                "There is no diary in \(dataDirectory) (no toolkit.sqlite); give the data directory with --data-dir.")
        }
        do {
            let store = try DiaryStore(path: database, timeZone: timeZone)
            let blobs = try BlobStore(root: dataDirectory + "/blobs")
            return Diary(store: store, blobs: blobs, events: SilentEvents(), ffmpeg: ffmpeg)
        } catch {
            throw CoreError(.dataDirectory, "Cannot open the diary in \(dataDirectory): \(error)", underlying: error)
        }
    }
}

/// Drops every event: an offline command has no subscribers.
struct SilentEvents: EventSink {
    func publish(_ event: DiaryEvent) {}
}
