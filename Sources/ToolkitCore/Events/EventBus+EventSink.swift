package import PetDiary
import ToolkitAPI

/// The use cases publish through the bus: each ``DiaryEvent`` goes out under its topic, with the record
/// (or `{"id"}` of a deleted one) as its `data`, written as the same wire record the methods answer with.
extension EventBus: EventSink {
    /// Publishes a change of the diary to the subscribers of its topic.
    package func publish(_ event: DiaryEvent) {
        switch event {
        case .petCreated(let pet), .petUpdated(let pet):
            publish(event.topic, data: PetRecord(pet))
        case .albumCreated(let album), .albumUpdated(let album):
            publish(event.topic, data: AlbumRecord(album))
        case .photoImported(let photo), .photoUpdated(let photo):
            publish(event.topic, data: PhotoRecord(photo))
        case .entryCreated(let entry), .entryUpdated(let entry):
            publish(event.topic, data: EntryRecord(entry))
        case .settingsUpdated(let settings):
            publish(event.topic, data: SettingsRecord(settings))
        case .soundImported(let sound), .soundUpdated(let sound), .soundRecorded(let sound):
            publish(event.topic, data: SoundRecord(sound))
        case .noteAdded(let note):
            publish(event.topic, data: NoteRecord(note))
        case .petDeleted(let id), .albumDeleted(let id), .photoDeleted(let id), .entryDeleted(let id),
            .soundDeleted(let id), .noteDeleted(let id):
            publish(event.topic, data: ["id": id])
        }
    }
}
