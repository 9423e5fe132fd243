import CCurlShim

/// Loads libcurl once per process, on the first download (see `CCurlShim`).
enum CurlRuntime {
    /// Loads libcurl.so.4 and initialises it (thread-safe; only the first call does anything). It blocks
    /// while the library and its dependencies load, so call it from the download's own thread.
    /// - Returns: `nil` when libcurl is ready, else why it is not, as a sentence naming the package to install.
    static func start() -> String? {
        guard toolkit_curl_start() != 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: 512)
        toolkit_curl_load_error(&buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
