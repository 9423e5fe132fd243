import JSONRPC

/// `events.unsubscribe {subscription?}`: ends one subscription of this connection, or all of them.
struct EventsUnsubscribe: RPCImmediateMethod {
    static let name = "events.unsubscribe"
    static let summary = "Ends one subscription of this connection (by its number), or all of them when none is given."
    static let paramsSchema = JSONSchema.object(["subscription": .integer(description: "From events.subscribe.")])
    static let resultSchema = JSONSchema.object(["unsubscribed": .integer()])

    struct Params: Decodable, Sendable {
        var subscription: Int?
    }

    struct Result: Encodable, Sendable {
        var unsubscribed: Int
    }

    let events: EventBus

    func handle(_ params: Params, context: RPCContext) throws -> Result {
        let connectionID = context.connection.connectionID
        guard let subscription = params.subscription else {
            return Result(unsubscribed: events.unsubscribeAll(connectionID: connectionID))
        }
        guard events.unsubscribe(subscription, connectionID: connectionID) else {
            throw RPCError(
                code: .notFound, message: "This connection has no subscription \(subscription).",
                data: ["kind": "subscription", "id": .int(subscription)])
        }
        return Result(unsubscribed: 1)
    }
}
