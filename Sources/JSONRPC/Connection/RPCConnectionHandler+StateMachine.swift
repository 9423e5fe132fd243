extension RPCConnectionHandler {
    /// When a connection reads, decodes, holds frames back and closes: the handler's flow control and
    /// lifecycle, without I/O.
    ///
    /// Each event is a `mutating` method that returns what the handler must do next. The handler passes in
    /// how many requests are running, which the ``InFlightRequests`` table counts. Only touched on the
    /// channel's event loop.
    struct StateMachine {
        /// The peer's side of the byte stream.
        enum Input: Equatable {
            /// Bytes may still come.
            case open
            /// The peer shut its side: what is left of the input is decoded as its last bytes.
            case ended
            /// Every byte has been decoded.
            case closed
        }

        /// The connection's side.
        enum Lifecycle: Equatable {
            case active
            /// Asked to close gracefully: reads nothing more, closes once every request is answered.
            case draining
            /// The last answers are being written; the close follows.
            case closing
            case closed
        }

        /// What to do with a `read` the channel asks for.
        enum ReadAction: Equatable {
            /// Pass it on.
            case read
            /// Keep it until the limits clear (the connection is over one, or holding frames).
            case deferRead
        }

        /// What to do before decoding the next frame.
        enum FrameAction: Equatable {
            /// Decode a frame; `last` when the input has ended (an unfinished value is then an error).
            case decode(last: Bool)
            /// Stop and keep the rest of the input: the connection is over a limit.
            case hold
            /// Stop: the connection is closed.
            case stop
        }

        /// What to do when a limit may have cleared (a request finished, the channel became writable).
        enum ResumeAction: Equatable {
            case none
            /// Decode the frames held back, then ask ``StateMachine/heldFramesDecoded(inFlight:)``.
            case decodeHeldFrames
            /// Pass on the read kept back.
            case read
        }

        /// Whether the connection may close now.
        enum CloseAction: Equatable {
            case none
            /// Write what is pending, then close once it has been written.
            case flushAndClose
        }

        private(set) var input = Input.open
        private(set) var lifecycle = Lifecycle.active
        /// This side shut its output: nothing more reaches the peer, so no call can be made.
        private(set) var isOutputClosed = false
        /// Frames may be left undecoded in the input because the connection reached a limit.
        private(set) var isHoldingFrames = false
        private var isDecoding = false
        private var readPending = false
        /// The channel's writability, as its last change said.
        private(set) var isWritable: Bool
        private let maximumConcurrentRequests: Int

        /// - Parameters:
        ///   - maximumConcurrentRequests: past this many running requests, frames are held back.
        ///   - isWritable: the channel's writability when the handler is added.
        init(maximumConcurrentRequests: Int, isWritable: Bool = true) {
            self.maximumConcurrentRequests = maximumConcurrentRequests
            self.isWritable = isWritable
        }

        var isClosed: Bool { lifecycle == .closed }

        /// Over a limit: too many requests running, or the peer is not reading its answers.
        private func mustHoldFrames(inFlight: Int) -> Bool {
            inFlight >= maximumConcurrentRequests || !isWritable
        }

        private func mustPauseReading(inFlight: Int) -> Bool {
            lifecycle == .draining || isHoldingFrames || mustHoldFrames(inFlight: inFlight)
        }

        // MARK: Reading

        /// The channel asks to read.
        mutating func readRequested(inFlight: Int) -> ReadAction {
            guard mustPauseReading(inFlight: inFlight) else { return .read }
            readPending = true
            return .deferRead
        }

        /// The peer shut its side. Returns whether to decode the rest of the input now (not while frames are
        /// held back: their decoding ends the input when it resumes).
        mutating func inputEnded() -> Bool {
            guard input == .open else { return false }
            input = .ended
            return !isHoldingFrames
        }

        // MARK: Decoding

        /// Returns false when decoding is already under way (a frame's handling reached it again) or the
        /// connection is closed.
        mutating func decodingStarted() -> Bool {
            guard !isDecoding, lifecycle != .closed else { return false }
            isDecoding = true
            return true
        }

        /// Before each frame.
        mutating func nextFrame(inFlight: Int) -> FrameAction {
            if lifecycle == .closed { return .stop }
            if mustHoldFrames(inFlight: inFlight) {
                isHoldingFrames = true
                return .hold
            }
            return .decode(last: input != .open)
        }

        /// The input has no whole frame left. Returns whether the connection may now close (the input ended
        /// and is now fully decoded).
        mutating func inputRanOut() -> Bool {
            isHoldingFrames = false
            guard input == .ended else { return false }
            input = .closed
            return true
        }

        /// Decoding returned, held or not.
        mutating func decodingEnded() {
            isDecoding = false
        }

        // MARK: Limits

        /// A request finished or was cancelled.
        mutating func requestFinished(inFlight: Int) -> ResumeAction {
            limitsMayHaveCleared(inFlight: inFlight)
        }

        /// The channel's writability changed.
        mutating func writabilityChanged(isWritable: Bool, inFlight: Int) -> ResumeAction {
            self.isWritable = isWritable
            return limitsMayHaveCleared(inFlight: inFlight)
        }

        private mutating func limitsMayHaveCleared(inFlight: Int) -> ResumeAction {
            if isHoldingFrames, lifecycle == .active || lifecycle == .closing, !mustHoldFrames(inFlight: inFlight) {
                return .decodeHeldFrames
            }
            return takePendingRead(inFlight: inFlight) ? .read : .none
        }

        /// After ``ResumeAction/decodeHeldFrames``: returns whether to pass on the read kept back.
        mutating func heldFramesDecoded(inFlight: Int) -> Bool {
            takePendingRead(inFlight: inFlight)
        }

        private mutating func takePendingRead(inFlight: Int) -> Bool {
            guard readPending, lifecycle != .closed, !mustPauseReading(inFlight: inFlight) else { return false }
            readPending = false
            return true
        }

        // MARK: Closing

        /// Closes once the peer has nothing more to send (or the connection is draining) and nothing runs.
        mutating func closeIfIdle(inFlight: Int) -> CloseAction {
            guard input == .closed || lifecycle == .draining, inFlight == 0 else { return .none }
            guard lifecycle == .active || lifecycle == .draining else { return .none }
            lifecycle = .closing
            return .flushAndClose
        }

        /// Stop reading and close once the running requests are answered.
        mutating func beginGracefulClose(inFlight: Int) -> CloseAction {
            guard lifecycle == .active else { return .none }
            lifecycle = .draining
            return closeIfIdle(inFlight: inFlight)
        }

        /// This side shuts its output (the peer sees the end of its input). Returns true the first time only.
        mutating func outputClosing() -> Bool {
            guard !isOutputClosed, lifecycle != .closed else { return false }
            isOutputClosed = true
            return true
        }

        /// The channel closed (or the handler left it). Returns true the first time only, when the handler
        /// must cancel its requests and run its close actions.
        mutating func channelClosed() -> Bool {
            guard lifecycle != .closed else { return false }
            lifecycle = .closed
            isHoldingFrames = false
            readPending = false
            return true
        }
    }
}
