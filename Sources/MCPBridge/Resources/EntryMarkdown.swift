import ToolkitAPI

/// A diary entry as the Markdown of `toolkit://entries/{id}`: its title as the heading, its date, pet, tags and
/// favourite mark, its text, then its photos in order as links to their `toolkit://photos/` resources.
struct EntryMarkdown {
    let entry: EntryRecord
    /// The entry's pet, when it has one and the core gave it.
    var pet: PetRecord?
    /// The entry's photos the core gave, by id; one missing here is linked under its id.
    var photos: [String: PhotoRecord] = [:]

    var text: String {
        var lines = ["# " + MarkdownText.inline(entry.title), "", "- Date: \(entry.date)"]
        if let petId = entry.petId {
            lines.append("- Pet: " + MarkdownText.link(pet?.name ?? petId, to: .pet(id: petId)))
        }
        if !entry.tags.isEmpty {
            lines.append("- Tags: " + entry.tags.map { MarkdownText.inline("#" + $0) }.joined(separator: ", "))
        }
        if entry.favorite { lines.append("- Favourite: yes") }
        if !entry.notes.isEmpty { lines.append("- Voice notes: \(entry.notes.count)") }
        lines += ["", entry.body]
        if !entry.photoIds.isEmpty {
            lines += ["", "## Photos", ""]
            for id in entry.photoIds {
                let label = photos[id].map(ResourceNames.photo) ?? id
                lines.append("- " + MarkdownText.link(label, to: .photo(id: id)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
