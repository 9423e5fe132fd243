import PetDiary

/// The diary's event sink in the core: publishes every change on the ``EventBus`` and, when a change may
/// make a prepared shutter sound stale (a pet's or the default shutter sound changed, a sound or pet was
/// deleted), has the ``ShutterPlayer`` close those no longer used.
struct ShutterSoundEvents: EventSink {
    let bus: EventBus
    let player: ShutterPlayer
    let store: DiaryStore

    func publish(_ event: DiaryEvent) {
        bus.publish(event)
        switch event {
        case .petUpdated, .petDeleted, .settingsUpdated, .soundDeleted:
            let (player, store) = (player, store)
            Task {
                guard let hashes = try? await store.sounds.shutterSoundHashes(fallback: Diary.fallbackShutterSoundId)
                else { return }
                await player.prune(keeping: hashes)
            }
        default:
            break
        }
    }
}
