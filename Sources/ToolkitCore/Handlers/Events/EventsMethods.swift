import JSONRPC

/// `events.subscribe`, `events.unsubscribe` and `events.emit`.
struct EventsMethods: MethodGroup {
    let events: EventBus

    func register(in registry: MethodRegistry) throws {
        try registry.register(EventsSubscribe(events: events))
        try registry.register(EventsUnsubscribe(events: events))
        try registry.register(EventsEmit(events: events))
    }
}
