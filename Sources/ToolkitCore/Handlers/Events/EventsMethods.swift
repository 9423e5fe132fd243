import JSONRPC

/// `events.subscribe`, `events.unsubscribe` and `events.emit`.
struct EventsMethods: MethodGroup {
    let events: EventBus

    func register(in registry: MethodRegistry) throws {
        try registry.register(EventsSubscribeHandler(events: events))
        try registry.register(EventsUnsubscribeHandler(events: events))
        try registry.register(EventsEmitHandler(events: events))
    }
}
