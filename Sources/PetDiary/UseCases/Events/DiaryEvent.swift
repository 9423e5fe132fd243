/// Something that changed in the diary, with what it changed to: what the use cases publish through an
/// ``EventSink`` once the change is committed.
///
/// Each case names its wire topic in its doc comment (`pet.created`, `photo.imported`, …); ToolkitCore publishes
/// it under that topic of ToolkitAPI's event catalogue. The payload is the record as it is now, or the id of a
/// deleted one.
package enum DiaryEvent: Sendable, Hashable {
    /// `pet.created`: the new pet.
    case petCreated(Pet)
    /// `pet.updated`: the pet as changed.
    case petUpdated(Pet)
    /// `pet.deleted`: `{"id"}` (its albums, photos and entries went with it when forced).
    case petDeleted(id: String)
    /// `album.created`: the new album.
    case albumCreated(Album)
    /// `album.updated`: the album as renamed.
    case albumUpdated(Album)
    /// `album.deleted`: `{"id"}`.
    case albumDeleted(id: String)
    /// `photo.imported`: a photo or video added to an album; not published for a duplicate.
    case photoImported(Photo)
    /// `photo.updated`: the photo as changed (memo, favourite, album).
    case photoUpdated(Photo)
    /// `photo.deleted`: `{"id"}`.
    case photoDeleted(id: String)
    /// `entry.created`: the new entry.
    case entryCreated(DiaryEntry)
    /// `entry.updated`: the entry as changed.
    case entryUpdated(DiaryEntry)
    /// `entry.deleted`: `{"id"}`, once per entry (also for each of `diary.deleteAll`).
    case entryDeleted(id: String)
    /// `settings.updated`: all the settings as they are now.
    case settingsUpdated(DiarySettings)
    /// `sound.imported`: a sound added from a WAV file.
    case soundImported(Sound)
    /// `sound.updated`: the sound as renamed.
    case soundUpdated(Sound)
    /// `sound.deleted`: `{"id"}`.
    case soundDeleted(id: String)
    /// `sound.recorded`: a sound recorded from an ALSA device (`sounds.record`, `notes.record`).
    case soundRecorded(Sound)
    /// `note.added`: a voice note recorded or attached.
    case noteAdded(Note)
    /// `note.deleted`: `{"id"}`; not published for the notes that go with their entry or photo.
    case noteDeleted(id: String)
}
