import ArgumentParser
import Foundation
import ToolkitAPI

extension PhotosCommand {
    /// `toolkit photos show ID`: what the record says, one fact a line.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a photo's or video's record: when, what, its memo and favourite mark, a video's codecs.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo's id (see toolkit photos list).") var id: String

        func run() async throws {
            try await withCore(global) { core in
                guard let photo = try await core.call(PhotosGet.self, .init(id: id)) else { return }
                print(Self.lines(photo).map { "\($0.0):".padding(12) + $0.1 }.joined(separator: "\n"))
            }
        }

        /// The record's facts as (label, value), leaving out what it does not have.
        static func lines(_ photo: PhotoRecord) -> [(String, String)] {
            let isVideo = photo.mediaType.hasPrefix("video/")
            var lines: [(String, String)] = [("id", photo.id), ("album", photo.albumId)]
            if let filename = photo.filename { lines.append(("file", filename)) }
            let source = photo.takenAtSource.map { " (\(Self.sourceWords[$0] ?? $0))" } ?? ""
            lines.append(("taken", LocalTimeText.minutes(photo) + source))
            lines.append(("type", photo.mediaType + " · " + photo.bytes.humanBytes))
            if let width = photo.displayWidth, let height = photo.displayHeight {
                lines.append(("size", "\(width)x\(height)"))
            }
            if isVideo {
                if let seconds = photo.durationSeconds { lines.append(("length", VideoClock.text(seconds: seconds))) }
                let codecs = [photo.videoCodec, photo.audioCodec.map { $0 } ?? "no sound"].compactMap { $0 }
                lines.append(("codecs", codecs.joined(separator: ", ")))
                if let rate = photo.frameRate { lines.append(("frame rate", "\(rate) fps")) }
                if let rotation = photo.rotation, rotation != 0 { lines.append(("rotation", "\(rotation)°")) }
            }
            lines.append(("favourite", photo.favorite ? "★ yes" : "no"))
            lines.append(("memo", photo.memo.isEmpty ? "(none)" : photo.memo))
            if !photo.notes.isEmpty {
                let notes = photo.notes.map { "\($0.id) (\(VideoClock.text(seconds: $0.durationSeconds)))" }
                lines.append(("voice notes", notes.joined(separator: ", ")))
            }
            return lines
        }

        static let sourceWords = [
            "exif": "from its EXIF", "container": "from the video's header", "file": "the file's modification time",
            "import": "when it was imported", "plugin": "set by a plugin",
        ]
    }

    /// `toolkit photos memo ID TEXT`.
    struct Memo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a photo's memo (\"\" clears it).",
            discussion: "toolkit photos memo ID \"공원에서 첫 산책\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo's id (see toolkit photos list).") var id: String
        @Argument(help: "The memo, up to 1,000 characters.") var text: String

        func run() async throws {
            try await withCore(global) { core in
                guard let photo = try await core.call(PhotosUpdate.self, .init(id: id, memo: text)) else { return }
                print("\(photo.id)  \(photo.memo.isEmpty ? "no memo" : photo.memo)")
            }
        }
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
