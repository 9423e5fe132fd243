import Testing

@testable import ToolkitWeb

/// Range headers read as RFC 9110 (and nginx) reads them, for a file of 1,000 bytes.
struct ByteRangeTests {
    @Test(
        arguments: [
            (nil, ByteRange.whole),
            ("bytes=0-99", .part(0...99)),
            ("bytes=500-", .part(500...999)),
            ("bytes=-500", .part(500...999)),
            ("bytes=-5000", .part(0...999)),
            ("bytes=990-5000", .part(990...999)),
            ("bytes=999-999", .part(999...999)),
            ("bytes=1000-", .unsatisfiable),
            ("bytes=1000-2000", .unsatisfiable),
            ("bytes=-0", .unsatisfiable),
            ("bytes=0-0,5-9", .whole),
            ("bytes=9-5", .whole),
            ("bytes=a-b", .whole),
            ("items=0-9", .whole),
            ("bytes=-", .whole),
            ("bytes=99999999999999999999999-", .unsatisfiable),
            ("bytes=0-99999999999999999999999", .part(0...999)),
        ] as [(String?, ByteRange)])
    func readsARangeHeader(header: String?, expected: ByteRange) {
        #expect(ByteRange(header: header, length: 1000) == expected)
    }

    @Test func anEmptyFileHasNoRangeToGive() {
        #expect(ByteRange(header: "bytes=0-", length: 0) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=-1", length: 0) == .unsatisfiable)
    }
}
