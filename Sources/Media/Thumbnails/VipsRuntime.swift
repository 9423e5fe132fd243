import CVipsShim
import NIOConcurrencyHelpers

/// Starts libvips once per process and reads its error buffer.
enum VipsRuntime {
    private static let started = NIOLockedValueBox<Bool>(false)

    /// Starts libvips (thread-safe; only the first call does anything).
    /// - Throws: `MediaError.io` when libvips fails to start.
    static func start(threads: Int) throws {
        try started.withLockedValue { started in
            guard !started else { return }
            guard toolkit_vips_start(Int32(max(1, threads))) == 0 else {
                throw MediaError(.io, "libvips could not start: \(takeError())", reason: "vips-init")
            }
            started = true
        }
    }

    /// libvips's error text (trimmed, newlines joined), which is then cleared.
    static func takeError() -> String {
        var buffer = [CChar](repeating: 0, count: 2_048)
        toolkit_vips_take_error(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).joined(separator: "; ")
    }
}
