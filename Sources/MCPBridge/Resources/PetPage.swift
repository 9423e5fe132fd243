import ToolkitAPI

/// A pet's page, the Markdown of `toolkit://pets/{id}`: its profile, its albums with their photo and video counts
/// (kept apart), and its
/// latest diary entries as links to their `toolkit://entries/` resources.
struct PetPage {
    /// How many of the pet's latest entries the page links.
    static let latestEntries = 10
    /// How many of the pet's albums the page lists.
    static let albumLimit = 100

    let pet: PetRecord
    /// The first page of the pet's albums.
    let albums: PageRecord<AlbumRecord>
    /// The pet's latest entries, newest first.
    let entries: PageRecord<EntryRecord>
    /// How many videos each album holds, by album id (an album's `photoCount` counts them too).
    var videoCounts: [String: Int] = [:]

    var text: String {
        var lines = ["# " + MarkdownText.inline(pet.name), ""]
        let profile: [(String, String?)] = [
            ("Species", pet.species), ("Breed", pet.breed), ("Birthday", pet.birthday), ("Notes", pet.notes),
        ]
        for case (let label, let value?) in profile where !value.isEmpty {
            lines.append("- \(label): " + MarkdownText.inline(value))
        }
        lines.append("- Added: \(pet.createdAt.prefix(10))")
        lines += ["", "## Albums", ""]
        if albums.items.isEmpty { lines.append("No albums.") }
        for album in albums.items {
            let videos = videoCounts[album.id, default: 0]
            let count = MediaCount(photos: album.photoCount - videos, videos: videos)
            lines.append("- " + MarkdownText.inline(album.title) + ": " + count.text)
        }
        if albums.nextCursor != nil { lines.append("- … more albums: albums_list with this petId") }
        lines += ["", "## Latest entries", ""]
        if entries.items.isEmpty { lines.append("No diary entries.") }
        for entry in entries.items {
            lines.append("- " + MarkdownText.link(entry.title, to: .entry(id: entry.id)) + ", \(entry.date)")
        }
        if entries.nextCursor != nil { lines.append("- … older entries: diary_list with this petId") }
        return lines.joined(separator: "\n") + "\n"
    }
}
