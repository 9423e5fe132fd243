/// An error a test helper throws when a fixture cannot be set up; its message says what went wrong.
public struct TestFailure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// A failure with `description` as its message.
    public init(_ description: String) { self.description = description }
}
