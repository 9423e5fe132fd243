#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import JSONRPC
import PetDiary
import NIOConcurrencyHelpers
public import ToolkitAPI

/// Carries what happened in the core (`photo.imported`, `entry.created`, …) to the connections that
/// subscribed, as `event` notifications with a monotonic `seq`.
///
/// Recent events are kept in a bounded buffer, so a client that reconnects with `since` gets what it
/// missed, or learns that some were lost. A subscriber whose connection stops reading is dropped with a
/// final `events.dropped` notice rather than growing the core's memory.
public final class EventBus: Sendable {
    /// One published event, encoded once for every subscriber.
    public struct Event: Sendable {
        public let seq: UInt64
        public let topic: String
        /// The `params` of the `event` notification: `{"seq","topic","time","data"}`.
        let params: RawJSON
    }

    private struct Subscriber {
        let connection: any RPCConnection
        let patterns: [String]
    }

    private struct State {
        var nextSeq: UInt64 = 1
        var replay: [Event] = []
        /// Index in `replay` of the oldest event (a ring once full).
        var replayStart = 0
        var subscribers: [Int: Subscriber] = [:]
        var nextSubscription = 1
    }

    private let capacity: Int
    private let state = NIOLockedValueBox(State())

    /// - Parameter replayCapacity: how many recent events are kept for replays.
    public init(replayCapacity: Int = 1024) {
        self.capacity = max(0, replayCapacity)
    }

    /// Publishes an event of the core's catalogue under its topic.
    /// - Parameters:
    ///   - event: the event's type in ToolkitAPI's ``EventCatalogue``, which names its topic.
    ///   - data: the event's `data`, its wire record.
    public func publish<Event: APIEvent>(_ event: Event.Type, _ data: Event.Data) {
        publish(Event.topic, data: data)
    }

    /// Publishes an event to every subscriber whose topics match: one of the catalogue's (prefer
    /// ``publish(_:_:)``), or a client's own under `user.`, or a plugin's.
    /// - Parameter data: the event's `data` object; an encoding failure publishes `null`.
    /// - Returns: the event's `seq`.
    @discardableResult
    public func publish(_ topic: String, data: some Encodable & Sendable) -> UInt64 {
        let encoded = (try? RawJSON(encoding: data)) ?? RawJSON(unchecked: "null")
        return state.withLockedValue { state in
            let seq = state.nextSeq
            state.nextSeq += 1
            let event = Event(seq: seq, topic: topic, params: Self.params(seq: seq, topic: topic, data: encoded))
            if capacity > 0 {
                if state.replay.count < capacity {
                    state.replay.append(event)
                } else {
                    state.replay[state.replayStart] = event
                    state.replayStart = (state.replayStart + 1) % capacity
                }
            }
            // Sending only queues on the connection's event loop, so doing it under the lock keeps every
            // subscriber's events in seq order.
            for (id, subscriber) in state.subscribers where Self.matches(topic, subscriber.patterns) {
                deliver(event, to: subscriber.connection, subscription: id)
            }
            return seq
        }
    }

    /// The `seq` the next event will get.
    public var nextSeq: UInt64 { state.withLockedValue { $0.nextSeq } }

    /// Subscribes `connection` to `topics` (exact names, `noun.*`, or `*`), first replaying buffered events
    /// after `since`. The subscription ends when the connection closes.
    public func subscribe(
        _ topics: [String], since: UInt64?, connection: any RPCConnection
    ) -> EventsSubscribe.Result {
        let subscription = state.withLockedValue { state -> EventsSubscribe.Result in
            let id = state.nextSubscription
            state.nextSubscription += 1
            state.subscribers[id] = Subscriber(connection: connection, patterns: topics)
            var replayed = 0
            var missed = false
            if let since {
                let ordered = state.replay[state.replayStart...] + state.replay[..<state.replayStart]
                let oldest = ordered.first?.seq ?? state.nextSeq
                // A `since` past the last seq was given by an earlier run of the core, whose events are gone.
                missed = since + 1 < oldest || since >= state.nextSeq
                for event in ordered where event.seq > since && Self.matches(event.topic, topics) {
                    deliver(event, to: connection, subscription: id)
                    replayed += 1
                }
            }
            return EventsSubscribe.Result(
                subscription: id, seq: state.nextSeq - 1, replayed: replayed, missed: missed)
        }
        connection.onClose { [weak self] in self?.unsubscribeAll(connectionID: connection.connectionID) }
        return subscription
    }

    /// Ends one subscription of `connectionID`; returns whether it existed.
    @discardableResult
    public func unsubscribe(_ subscription: Int, connectionID: Int) -> Bool {
        state.withLockedValue { state in
            guard state.subscribers[subscription]?.connection.connectionID == connectionID else { return false }
            state.subscribers[subscription] = nil
            return true
        }
    }

    /// Ends every subscription of `connectionID`; returns how many there were.
    @discardableResult
    public func unsubscribeAll(connectionID: Int) -> Int {
        state.withLockedValue { state in
            let before = state.subscribers.count
            state.subscribers = state.subscribers.filter { $0.value.connection.connectionID != connectionID }
            return before - state.subscribers.count
        }
    }

    /// The number of live subscriptions.
    public var subscriberCount: Int { state.withLockedValue { $0.subscribers.count } }

    private func deliver(_ event: Event, to connection: any RPCConnection, subscription: Int) {
        connection.send(
            notification: RPCRequest(method: EventNotification<JSONValue>.method, id: nil, params: event.params),
            droppable: true,
            onOverflow: { [weak self] in self?.drop(subscription, connection: connection, at: event.seq) }
        )
    }

    /// A subscriber fell too far behind: end its subscription and tell it so, once.
    private func drop(_ subscription: Int, connection: any RPCConnection, at seq: UInt64) {
        guard unsubscribe(subscription, connectionID: connection.connectionID) else { return }
        let notice: JSONValue = [
            "subscription": .int(subscription),
            "reason": "The connection did not read its events fast enough; resubscribe with since to catch up.",
            "lastDeliveredSeq": .int(Int(seq) - 1),
        ]
        connection.send(notification: RPCRequest(method: EventsDropped.method, id: nil, params: RawJSON(notice)))
    }

    static func matches(_ topic: String, _ patterns: [String]) -> Bool {
        patterns.contains { pattern in
            pattern == "*" || pattern == topic
                || (pattern.hasSuffix(".*") && topic.hasPrefix(pattern.dropLast()))
        }
    }

    private static func params(seq: UInt64, topic: String, data: RawJSON) -> RawJSON {
        // Timestamp, not ISO8601Format(): the format style goes through ICU's time zones (their pages in the
        // idle RSS, Benchmarks/plugins/run.sh, and a slower call), for the same UTC text.
        let time = Timestamp.now()
        return RawJSON(
            unchecked:
                "{\"seq\":\(seq),\"topic\":\(JSONValue.string(topic).text),\"time\":\"\(time)\",\"data\":\(data.text)}")
    }
}
