import JSONRPC
import ToolkitAPI

/// Answers `events.emit` as ToolkitAPI's ``EventsEmit`` describes it.
struct EventsEmitHandler: RPCImmediateHandler {
    typealias Method = EventsEmit

    let events: EventBus

    func handle(_ params: Method.Params, context: RPCContext) throws -> Method.Result {
        let suffix = params.topic.dropFirst("user.".count)
        guard params.topic.hasPrefix("user."), !suffix.isEmpty,
            suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) })
        else {
            throw RPCError.invalidParams(
                "Topic '\(params.topic)' is not allowed: emitted topics look like 'user.something' "
                    + "(letters, digits, _ . -).",
                field: "topic")
        }
        // The seq publish assigned: reading nextSeq first could name another event published in between.
        return Method.Result(seq: events.publish(params.topic, data: params.data ?? .object([])))
    }
}
