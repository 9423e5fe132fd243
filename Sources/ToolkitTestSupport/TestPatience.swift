import Foundation

/// How many times longer than usual a test waits for something before it gives up: `$TOOLKIT_TEST_PATIENCE`, 1
/// when unset. `make sanitize-address` and `make sanitize-thread` raise it, since sanitized code runs several
/// times slower and the whole suite shares a small machine; what is waited for and what is asserted stay the same.
public enum TestPatience {
    /// The factor, at least 1.
    public static let factor: Int = {
        let text = ProcessInfo.processInfo.environment["TOOLKIT_TEST_PATIENCE"] ?? ""
        return max(1, Int(text) ?? 1)
    }()

    /// `duration` times ``factor``.
    public static func scaled(_ duration: Duration) -> Duration {
        duration * factor
    }
}
