/// The params of the `events.publish` notification: `{"topic", "data"}`.
struct PublishedEvent<Data: Encodable & Sendable>: Encodable, Sendable {
    let topic: String
    let data: Data
}
