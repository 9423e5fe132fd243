/// Something that changed in the diary, with what it changed to: what the use cases publish through an
/// ``EventSink`` once the change is committed.
///
/// Each case has one wire ``topic`` (`pet.created`, `photo.imported`, …); the payload is the record as
/// it is now, or the id of a deleted one.
public enum DiaryEvent: Sendable, Hashable {
    case petCreated(Pet)
    case petUpdated(Pet)
    case petDeleted(id: String)
    case albumCreated(Album)
    case albumUpdated(Album)
    case albumDeleted(id: String)
    /// A photo or video was added to an album; not published for a duplicate.
    case photoImported(Photo)
    case photoUpdated(Photo)
    case photoDeleted(id: String)
    case entryCreated(DiaryEntry)
    case entryUpdated(DiaryEntry)
    case entryDeleted(id: String)
    case settingsUpdated(DiarySettings)

    /// The topic subscribers name in `events.subscribe`, e.g. `photo.imported`.
    public var topic: String {
        switch self {
        case .petCreated: "pet.created"
        case .petUpdated: "pet.updated"
        case .petDeleted: "pet.deleted"
        case .albumCreated: "album.created"
        case .albumUpdated: "album.updated"
        case .albumDeleted: "album.deleted"
        case .photoImported: "photo.imported"
        case .photoUpdated: "photo.updated"
        case .photoDeleted: "photo.deleted"
        case .entryCreated: "entry.created"
        case .entryUpdated: "entry.updated"
        case .entryDeleted: "entry.deleted"
        case .settingsUpdated: "settings.updated"
        }
    }
}
