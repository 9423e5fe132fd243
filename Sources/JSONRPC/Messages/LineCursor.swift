#if canImport(Glibc)
import Glibc
#endif

/// Writes a message's pieces one after another into memory measured for them beforehand: how requests and
/// answers are put into a `ByteBuffer` with one access to it.
struct LineCursor {
    private var at: UnsafeMutableRawPointer

    init(_ start: UnsafeMutableRawPointer) {
        at = start
    }

    mutating func put(_ start: UnsafeRawPointer?, _ count: Int) {
        guard count > 0, let start else { return }
        memcpy(at, start, count)
        at += count
    }

    mutating func put(_ text: StaticString) {
        put(text.utf8Start, text.utf8CodeUnitCount)
    }

    mutating func put(_ byte: UInt8) {
        at.storeBytes(of: byte, as: UInt8.self)
        at += 1
    }
}
