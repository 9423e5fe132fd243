import Foundation

/// How many commands run at once across the test process: as many as the machine has cores. Tests run in
/// parallel and each may start commands; unbounded, a two-core machine ran so many children at once that a
/// core's answer to `toolkit doctor` took longer than doctor waits. A command waits for a slot by awaiting, so
/// the tests meanwhile keep the cooperative pool.
actor CommandSlots {
    static let shared = CommandSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    /// Runs `work` once a slot is free, and frees it after.
    func withSlot<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { release() }
        return try await work()
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
