/// Runs `operation`, or throws ``DeadlinePassed`` once `timeout` has passed; the operation is cancelled
/// then (a call to a plugin sends it `rpc.cancel`).
func withDeadline<Value: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw DeadlinePassed()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// The deadline of ``withDeadline(_:_:)`` passed first.
struct DeadlinePassed: Error {}
