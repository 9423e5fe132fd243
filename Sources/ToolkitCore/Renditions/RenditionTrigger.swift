import NIOConcurrencyHelpers
import PetDiary

/// The diary's event sink in the core, in front of the others: every imported video (`photo.imported`, from
/// `photos.import`, `photos.importMany`, `diary add --video`, a shutter capture) is queued for a browser copy,
/// then the event goes on to `next`.
final class RenditionTrigger: EventSink {
    private let next: any EventSink
    private let queue = NIOLockedValueBox<RenditionQueue?>(nil)

    init(next: any EventSink) {
        self.next = next
    }

    /// Connects the queue, which needs the diary this sink is given to.
    func attach(_ queue: RenditionQueue) {
        self.queue.withLockedValue { $0 = queue }
    }

    func publish(_ event: DiaryEvent) {
        next.publish(event)
        if case .photoImported(let photo) = event, let queue = queue.withLockedValue({ $0 }) {
            queue.enqueue(photo)
        }
    }
}
