import Testing

@testable import JSONRPC

/// The connection's flow control and lifecycle, event by event, with no channel.
struct ConnectionStateMachineTests {
    typealias Machine = RPCConnectionHandler.StateMachine

    @Test func readsPassWhileUnderTheLimits() {
        var machine = Machine(maximumConcurrentRequests: 2)
        #expect(machine.readRequested(inFlight: 0) == .read)
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 1) == .decode(last: false))
        #expect(machine.inputRanOut() == false)
        machine.decodingEnded()
        #expect(machine.readRequested(inFlight: 1) == .read)
    }

    @Test func tooManyRequestsHoldFramesAndDeferTheReadUntilOneFinishes() {
        var machine = Machine(maximumConcurrentRequests: 2)
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 2) == .hold)
        machine.decodingEnded()
        #expect(machine.isHoldingFrames)
        #expect(machine.readRequested(inFlight: 2) == .deferRead)
        // Still at the limit: nothing to do.
        #expect(machine.requestFinished(inFlight: 2) == .none)
        // Under it: the held frames first, then the read.
        #expect(machine.requestFinished(inFlight: 1) == .decodeHeldFrames)
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 1) == .decode(last: false))
        #expect(machine.inputRanOut() == false)
        machine.decodingEnded()
        #expect(!machine.isHoldingFrames)
        #expect(machine.heldFramesDecoded(inFlight: 1) == true)
        #expect(machine.heldFramesDecoded(inFlight: 1) == false, "the read is passed on once")
    }

    @Test func aPeerThatDoesNotReadPausesReadingUntilTheChannelIsWritable() {
        var machine = Machine(maximumConcurrentRequests: 10)
        #expect(machine.writabilityChanged(isWritable: false, inFlight: 0) == .none)
        #expect(machine.readRequested(inFlight: 0) == .deferRead)
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 0) == .hold)
        machine.decodingEnded()
        #expect(machine.writabilityChanged(isWritable: true, inFlight: 0) == .decodeHeldFrames)
    }

    @Test func aDeferredReadWithoutHeldFramesResumesAtOnce() {
        var machine = Machine(maximumConcurrentRequests: 10)
        _ = machine.writabilityChanged(isWritable: false, inFlight: 0)
        #expect(machine.readRequested(inFlight: 0) == .deferRead)
        #expect(machine.writabilityChanged(isWritable: true, inFlight: 0) == .read)
        #expect(machine.writabilityChanged(isWritable: true, inFlight: 0) == .none)
    }

    @Test func decodingIsNotReentered() {
        var machine = Machine(maximumConcurrentRequests: 10)
        #expect(machine.decodingStarted() == true)
        #expect(machine.decodingStarted() == false)
        machine.decodingEnded()
        #expect(machine.decodingStarted() == true)
    }

    @Test func endOfInputDecodesTheRestAsLastThenClosesWhenIdle() {
        var machine = Machine(maximumConcurrentRequests: 10)
        #expect(machine.inputEnded() == true)
        #expect(machine.inputEnded() == false, "a second end is ignored")
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 1) == .decode(last: true))
        #expect(machine.inputRanOut() == true)
        machine.decodingEnded()
        #expect(machine.input == .closed)
        #expect(machine.closeIfIdle(inFlight: 1) == .none, "a request still runs")
        #expect(machine.closeIfIdle(inFlight: 0) == .flushAndClose)
        #expect(machine.lifecycle == .closing)
        #expect(machine.closeIfIdle(inFlight: 0) == .none, "closes once")
    }

    @Test func endOfInputWhileHoldingWaitsForTheHeldFrames() {
        var machine = Machine(maximumConcurrentRequests: 1)
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 1) == .hold)
        machine.decodingEnded()
        #expect(machine.inputEnded() == false, "the held frames' decoding ends the input")
        #expect(machine.closeIfIdle(inFlight: 0) == .none)
        #expect(machine.requestFinished(inFlight: 0) == .decodeHeldFrames)
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 0) == .decode(last: true))
        #expect(machine.inputRanOut() == true)
    }

    @Test func gracefulCloseStopsReadingAndClosesOnceIdle() {
        var machine = Machine(maximumConcurrentRequests: 10)
        #expect(machine.beginGracefulClose(inFlight: 2) == .none)
        #expect(machine.lifecycle == .draining)
        #expect(machine.readRequested(inFlight: 2) == .deferRead)
        #expect(machine.requestFinished(inFlight: 1) == .none)
        #expect(machine.closeIfIdle(inFlight: 1) == .none)
        #expect(machine.closeIfIdle(inFlight: 0) == .flushAndClose)
        #expect(machine.beginGracefulClose(inFlight: 0) == .none)
    }

    @Test func gracefulCloseOfAnIdleConnectionClosesAtOnce() {
        var machine = Machine(maximumConcurrentRequests: 10)
        #expect(machine.beginGracefulClose(inFlight: 0) == .flushAndClose)
    }

    @Test func drainingDoesNotDecodeHeldFrames() {
        var machine = Machine(maximumConcurrentRequests: 1)
        #expect(machine.decodingStarted() == true)
        #expect(machine.nextFrame(inFlight: 1) == .hold)
        machine.decodingEnded()
        #expect(machine.beginGracefulClose(inFlight: 1) == .none)
        #expect(machine.requestFinished(inFlight: 0) == .none)
    }

    @Test func theOutputIsShutOnce() {
        var machine = Machine(maximumConcurrentRequests: 10)
        #expect(machine.outputClosing() == true)
        #expect(machine.outputClosing() == false)
        #expect(machine.isOutputClosed)
        #expect(machine.readRequested(inFlight: 0) == .read, "answers still come in")
    }

    @Test func closingTheChannelStopsEverythingOnce() {
        var machine = Machine(maximumConcurrentRequests: 10)
        #expect(machine.channelClosed() == true)
        #expect(machine.channelClosed() == false)
        #expect(machine.isClosed)
        #expect(machine.decodingStarted() == false)
        #expect(machine.nextFrame(inFlight: 0) == .stop)
        #expect(machine.closeIfIdle(inFlight: 0) == .none)
        #expect(machine.beginGracefulClose(inFlight: 0) == .none)
    }
}
