import Testing

@testable import ToolkitWeb

/// The `Date` header written on the connection.
struct HTTPDateTests {
    @Test func aMomentIsWrittenAsRFC9110sExampleWritesIt() {
        #expect(HTTPDate.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
