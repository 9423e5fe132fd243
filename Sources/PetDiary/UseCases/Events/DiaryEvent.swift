/// Something that changed in the diary, with what it changed to: what the use cases publish through an
/// ``EventSink`` once the change is committed.
///
/// Each case names in its doc comment the event of ToolkitAPI's `EventCatalogue` it goes out as (`PetCreated`,
/// `PhotoImported`, …), which alone spells the wire topic; ToolkitCore's `EventBus` maps each case onto its
/// type. The payload is the record as it is now, or the id of a deleted one.
package enum DiaryEvent: Sendable, Hashable {
    /// `PetCreated`: the new pet.
    case petCreated(Pet)
    /// `PetUpdated`: the pet as changed.
    case petUpdated(Pet)
    /// `PetDeleted`: `{"id"}` (its albums, photos and entries went with it when forced).
    case petDeleted(id: String)
    /// `AlbumCreated`: the new album.
    case albumCreated(Album)
    /// `AlbumUpdated`: the album as renamed.
    case albumUpdated(Album)
    /// `AlbumDeleted`: `{"id"}`.
    case albumDeleted(id: String)
    /// `PhotoImported`: a photo or video added to an album; not published for a duplicate.
    case photoImported(Photo)
    /// `PhotoUpdated`: the photo as changed (memo, favourite, album).
    case photoUpdated(Photo)
    /// `PhotoDeleted`: `{"id"}`.
    case photoDeleted(id: String)
    /// `EntryCreated`: the new entry.
    case entryCreated(DiaryEntry)
    /// `EntryUpdated`: the entry as changed.
    case entryUpdated(DiaryEntry)
    /// `EntryDeleted`: `{"id"}`, once per entry (also for each of `diary.deleteAll`).
    case entryDeleted(id: String)
    /// `SettingsUpdated`: all the settings as they are now.
    case settingsUpdated(DiarySettings)
    /// `SoundImported`: a sound added from a WAV file.
    case soundImported(Sound)
    /// `SoundUpdated`: the sound as renamed.
    case soundUpdated(Sound)
    /// `SoundDeleted`: `{"id"}`.
    case soundDeleted(id: String)
    /// `SoundRecorded`: a sound recorded from an ALSA device (`sounds.record`, `notes.record`).
    case soundRecorded(Sound)
    /// `NoteAdded`: a voice note recorded or attached.
    case noteAdded(Note)
    /// `NoteDeleted`: `{"id"}`; not published for the notes that go with their entry or photo.
    case noteDeleted(id: String)
}
