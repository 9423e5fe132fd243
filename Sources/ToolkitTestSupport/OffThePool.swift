import Foundation

/// Runs blocking work (ffmpeg making a clip, a child process waited for) on a thread of its own, so that an
/// async test awaiting it leaves the cooperative pool's threads, only two on a two-core machine, to the tests
/// that run meanwhile. Blocked there, a minute of clip-making starved tests whose own waits are short.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
