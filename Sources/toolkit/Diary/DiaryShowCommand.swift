import ArgumentParser
import JSONRPC
import ToolkitAPI

/// `toolkit diary show ID`: one entry whole, as a person reads it.
struct DiaryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show an entry: its title, day, pet, tags, whole body, photos and clips, and voice notes.",
        discussion: "toolkit diary show ID        (ids from toolkit diary list)")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry's id.") var id: String

    func run() async throws {
        try await withCore(global) { core in
            guard let entry = try await core.call(DiaryGet.self, .init(id: id)) else { return }
            var header = [(entry.favorite ? "★ " : "") + entry.title, entry.date]
            if let petId = entry.petId {
                header.append((try? await core.client.call(PetsGet.self, .init(id: petId)).name) ?? petId)
            }
            var lines = [header.joined(separator: " · ")]
            if !entry.tags.isEmpty { lines.append(entry.tags.map { "#" + $0 }.joined(separator: " ")) }
            lines += ["", entry.body.isEmpty ? "(no text)" : entry.body]
            if !entry.photoIds.isEmpty {
                lines += ["", "Photos and clips:"]
                for photoId in entry.photoIds {
                    guard let photo = try? await core.client.call(PhotosGet.self, .init(id: photoId)) else {
                        lines.append("  \(photoId)  (gone)")
                        continue
                    }
                    let length = photo.durationSeconds.map { "video " + VideoClock.text(seconds: $0) } ?? "photo"
                    lines.append("  \(photo.id)  \(length)  \(photo.filename ?? "")  \(LocalTimeText.minutes(photo))")
                }
            }
            if !entry.notes.isEmpty {
                lines += ["", "Voice notes:"]
                lines += entry.notes.map { "  \($0.id)  \(VideoClock.text(seconds: $0.durationSeconds))" }
            }
            print(lines.joined(separator: "\n"))
        }
    }
}
