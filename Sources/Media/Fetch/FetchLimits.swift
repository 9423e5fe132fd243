/// Bounds on one download by ``RemoteFetcher``.
package struct FetchLimits: Sendable {
    /// The most body bytes accepted; more aborts the download with `MediaError.tooLarge`.
    package var maximumBytes: Int64
    /// The most time the whole download may take.
    package var totalTimeout: Duration
    /// The most time without any progress (connecting, headers or body bytes).
    package var idleTimeout: Duration
    /// The most redirects followed.
    package var maximumRedirects: Int

    /// Makes limits.
    /// - Parameters:
    ///   - maximumBytes: Default 200 MiB.
    ///   - totalTimeout: Default 5 minutes.
    ///   - idleTimeout: Default 30 seconds.
    ///   - maximumRedirects: Default 5.
    package init(
        maximumBytes: Int64 = 200 << 20,
        totalTimeout: Duration = .seconds(300),
        idleTimeout: Duration = .seconds(30),
        maximumRedirects: Int = 5
    ) {
        self.maximumBytes = maximumBytes
        self.totalTimeout = totalTimeout
        self.idleTimeout = idleTimeout
        self.maximumRedirects = maximumRedirects
    }
}
