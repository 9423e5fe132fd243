/// Where the use cases publish what changed: the daemon's event bus, or a test's recorder.
///
/// ``Diary`` publishes each ``DiaryEvent`` after the change is committed, in commit order. Publishing
/// must not block: an implementation queues the event and returns.
package protocol EventSink: Sendable {
    /// Hands `event` to the subscribers; never throws (an event that cannot be delivered is dropped).
    /// - Parameter event: What changed, after its commit.
    func publish(_ event: DiaryEvent)
}
