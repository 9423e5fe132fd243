import Testing

@testable import Media

struct ResponseHeadTests {
    @Test(arguments: [
        ("attachment; filename=\"rex.png\"", "rex.png"),
        ("attachment; filename=rex.png", "rex.png"),
        ("inline; filename=\"a \\\"b\\\" c.jpg\"", "a \"b\" c.jpg"),
        ("attachment; filename=\"semi;colon.png\"; size=10", "semi;colon.png"),
        ("attachment; filename*=UTF-8''R%C3%A9x%20photo.jpg", "Réx photo.jpg"),
        ("attachment; filename=\"fallback.jpg\"; filename*=utf-8''pr%C3%A9f%C3%A9r%C3%A9.jpg", "préféré.jpg"),
        ("attachment; filename*=ISO-8859-1''caf%E9.jpg; filename=\"cafe.jpg\"", "cafe.jpg"),
        ("attachment; filename=\"../../etc/passwd\"", "passwd"),
        ("attachment; filename=\"C:\\\\photos\\\\rex.png\"", "rex.png"),
    ])
    func aFileNameIsReadFromContentDisposition(header: String, expected: String) {
        #expect(ContentDisposition.filename(in: header) == expected)
    }

    @Test(arguments: ["attachment", "inline; size=3", "attachment; filename=\"\"", "attachment; filename=\"..\""])
    func aContentDispositionWithoutAUsableNameGivesNone(header: String) {
        #expect(ContentDisposition.filename(in: header) == nil)
    }

    @Test func eachStatusLineStartsANewHead() {
        // Given the lines of a redirect followed by the final response, as libcurl passes them
        var head = ResponseHead()
        for line in [
            "HTTP/1.1 302 Found\r\n", "Location: /photo.png\r\n", "Content-Type: text/html\r\n", "\r\n",
            "HTTP/1.1 200 OK\r\n", "content-type: Image/PNG; charset=binary\r\n",
            "Content-Disposition: attachment;\r\n", "\tfilename=\"rex.png\"\r\n", "\r\n",
        ] {
            head.take(line: line)
        }

        // Then the head is the last response's, with the folded line joined and the type bare and lower-cased
        #expect(head.status == 200)
        #expect(head.reason == "OK")
        #expect(head.value(for: "Location") == nil)
        #expect(head.contentType == "image/png")
        #expect(head.suggestedFilename == "rex.png")
    }

    @Test func anHTTP2StatusLineHasNoReason() {
        var head = ResponseHead()
        head.take(line: "HTTP/2 404\r\n")
        #expect(head.status == 404)
        #expect(head.reason == "")
    }
}
