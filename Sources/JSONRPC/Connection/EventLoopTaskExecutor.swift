public import NIOCore

/// A task executor that runs jobs on one NIO event loop, for tasks whose work is shorter than the two
/// thread switches a task on Swift's global pool costs (the loop wakes a pool thread, which wakes the loop
/// again with the answer; Benchmarks/notes/2026-11-29-why.md, reads on the event loop, has what that costs).
///
/// A task that prefers it starts on the loop after the current read, runs its synchronous parts there, and
/// answers without leaving the loop. Work that blocks must still go to a thread pool of its own.
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    public let eventLoop: any EventLoop

    /// Makes an executor for `eventLoop`.
    public init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Runs `job` on the loop, after what the loop is doing now.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
