package import PetDiary
import Sharing
import ToolkitAPI

/// The use cases publish through the bus: each ``DiaryEvent`` goes out under its topic in ToolkitAPI's
/// ``EventCatalogue``, with the record (or `{"id"}` of a deleted one) as its `data`, written as the same wire
/// record the methods answer with.
extension EventBus: EventSink {
    /// Publishes a change of the diary to the subscribers of its topic.
    package func publish(_ event: DiaryEvent) {
        switch event {
        case .petCreated(let pet): publish(PetCreated.self, PetRecord(pet))
        case .petUpdated(let pet): publish(PetUpdated.self, PetRecord(pet))
        case .petDeleted(let id): publish(PetDeleted.self, RecordID(id: id))
        case .albumCreated(let album): publish(AlbumCreated.self, AlbumRecord(album))
        case .albumUpdated(let album): publish(AlbumUpdated.self, AlbumRecord(album))
        case .albumDeleted(let id): publish(AlbumDeleted.self, RecordID(id: id))
        case .photoImported(let photo): publish(PhotoImported.self, PhotoRecord(photo))
        case .photoUpdated(let photo): publish(PhotoUpdated.self, PhotoRecord(photo))
        case .photoDeleted(let id): publish(PhotoDeleted.self, RecordID(id: id))
        case .entryCreated(let entry): publish(EntryCreated.self, EntryRecord(entry))
        case .entryUpdated(let entry): publish(EntryUpdated.self, EntryRecord(entry))
        case .entryDeleted(let id): publish(EntryDeleted.self, RecordID(id: id))
        case .settingsUpdated(let settings): publish(SettingsUpdated.self, SettingsRecord(settings))
        case .soundImported(let sound): publish(SoundImported.self, SoundRecord(sound))
        case .soundUpdated(let sound): publish(SoundUpdated.self, SoundRecord(sound))
        case .soundDeleted(let id): publish(SoundDeleted.self, RecordID(id: id))
        case .soundRecorded(let sound): publish(SoundRecorded.self, SoundRecord(sound))
        case .noteAdded(let note): publish(NoteAdded.self, NoteRecord(note))
        case .noteDeleted(let id): publish(NoteDeleted.self, RecordID(id: id))
        }
    }
}
