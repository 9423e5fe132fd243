import NIOCore
import Testing

@testable import JSONRPC

/// When outgoing lines leave: at the end of a read cycle, once per tick, or at once past the hand-off size.
struct OutputCoalescerTests {
    let ping = RPCResponse(id: .number(1), result: RawJSON(unchecked: #""pong""#))
    let pingLine = #"{"jsonrpc":"2.0","result":"pong","id":1}"# + "\n"

    @Test func linesOfAReadCycleLeaveTogetherAtItsEnd() throws {
        var output = OutputCoalescer(allocator: ByteBufferAllocator())
        output.readCycleStarted()
        #expect(output.append(ping) == .none)
        #expect(output.append(RPCRequest(method: "event", id: nil)) == .none)
        #expect(output.append(line: ByteBuffer(string: "[1,2]")) == .none)
        let ended = output.readCycleEnded()
        let written = try #require(ended)
        #expect(String(buffer: written) == pingLine + #"{"jsonrpc":"2.0","method":"event"}"# + "\n[1,2]\n")
        #expect(output.readCycleEnded() == nil)
    }

    @Test func outsideAReadCycleOneFlushIsScheduledPerTick() throws {
        var output = OutputCoalescer(allocator: ByteBufferAllocator())
        #expect(output.append(ping) == .scheduleFlush)
        #expect(output.append(ping) == .none, "the scheduled flush takes both")
        let flushed = output.scheduledFlushRan()
        let written = try #require(flushed)
        #expect(String(buffer: written) == pingLine + pingLine)
        #expect(output.append(ping) == .scheduleFlush, "the next tick schedules again")
    }

    @Test func pastTheHandOffSizeTheBufferGoesToTheChannelAtOnce() throws {
        var output = OutputCoalescer(allocator: ByteBufferAllocator())
        output.readCycleStarted()
        let big = ByteBuffer(repeating: UInt8(ascii: "1"), count: OutputCoalescer.handOffBytes)
        guard case .handOff(let handed) = output.append(line: big) else {
            Issue.record("no hand-off")
            return
        }
        #expect(handed.readableBytes == OutputCoalescer.handOffBytes + 1)
        #expect(output.pendingBytes == 0)
        #expect(output.append(ping) == .none)
        #expect(output.readCycleEnded().map { String(buffer: $0) } == pingLine)
    }

    @Test func aHandOffOutsideAReadCycleAlsoSchedulesTheFlush() {
        var output = OutputCoalescer(allocator: ByteBufferAllocator())
        let big = ByteBuffer(repeating: UInt8(ascii: "1"), count: OutputCoalescer.handOffBytes)
        guard case .handOffAndScheduleFlush = output.append(line: big) else {
            Issue.record("expected a hand-off and a scheduled flush")
            return
        }
    }

    @Test func theBufferIsReusedOnceTheChannelHasLetGoOfIt() throws {
        var output = OutputCoalescer(allocator: ByteBufferAllocator())
        output.readCycleStarted()
        _ = output.append(ping)
        var first = output.readCycleEnded()
        let address = try #require(first).withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) }
        first = nil  // the channel wrote it
        output.readCycleStarted()
        _ = output.append(ping)
        let ended = output.readCycleEnded()
        let second = try #require(ended)
        #expect(first == nil)
        #expect(second.withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } == address)
    }
}
