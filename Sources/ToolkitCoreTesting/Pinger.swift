/// A second client that calls `system.ping` over and over while a test makes trouble elsewhere (a plugin that
/// hangs, floods or crashes), to show that the core keeps answering everyone else.
///
/// Each ping waits for its answer before the next is sent; at least one is sent. ``stop()`` lets the ping in
/// flight finish and returns the tally, whose ``Tally/unanswered`` lists every ping that got no `pong`.
public final class Pinger: Sendable {
    /// What the pinger saw.
    public struct Tally: Sendable {
        /// Pings sent.
        public var sent = 0
        /// Pings answered `pong` under their own id.
        public var answered = 0
        /// For each other outcome: the ping's id and what came back ("no answer" when nothing did).
        public var unanswered: [String] = []
    }

    private let task: Task<Tally, Never>

    /// Connects to the core at `socketPath` and starts pinging.
    /// - Parameters:
    ///   - interval: the pause between an answer and the next ping.
    ///   - answerTimeout: how long each ping may wait for its answer.
    /// - Throws: `POSIXError` when no one listens there.
    public init(
        socketPath: String, interval: Duration = .milliseconds(20), answerTimeout: Double = 10
    ) throws {
        let client = try LineClient(path: socketPath)
        task = Task {
            var tally = Tally()
            // At least one ping, however soon it is stopped.
            repeat {
                tally.sent += 1
                let id = tally.sent
                do {
                    try client.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"system.ping"}"# + "\n")
                } catch {
                    tally.unanswered.append("\(id): cannot send (\(error))")
                    break
                }
                let answer = await client.readLine(timeout: answerTimeout)
                if let answer, answer.contains(#""result":"pong""#), answer.contains(#""id":\#(id)}"#) {
                    tally.answered += 1
                } else {
                    tally.unanswered.append("\(id): \(answer ?? "no answer")")
                }
                try? await Task.sleep(for: interval)
            } while !Task.isCancelled
            return tally
        }
    }

    /// Stops after the ping in flight is answered (or times out); returns what was seen.
    public func stop() async -> Tally {
        task.cancel()
        return await task.value
    }
}
