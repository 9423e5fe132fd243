public import PetDiary

/// The use cases publish through the bus: each ``DiaryEvent`` goes out under its topic, with the record
/// (or `{"id"}` of a deleted one) as its `data`.
extension EventBus: EventSink {
    /// Publishes a change of the diary to the subscribers of its topic.
    public func publish(_ event: DiaryEvent) {
        switch event {
        case .petCreated(let pet), .petUpdated(let pet):
            publish(event.topic, data: pet)
        case .albumCreated(let album), .albumUpdated(let album):
            publish(event.topic, data: album)
        case .photoImported(let photo), .photoUpdated(let photo):
            publish(event.topic, data: photo)
        case .entryCreated(let entry), .entryUpdated(let entry):
            publish(event.topic, data: entry)
        case .settingsUpdated(let settings):
            publish(event.topic, data: settings)
        case .petDeleted(let id), .albumDeleted(let id), .photoDeleted(let id), .entryDeleted(let id):
            publish(event.topic, data: ["id": id])
        }
    }
}
