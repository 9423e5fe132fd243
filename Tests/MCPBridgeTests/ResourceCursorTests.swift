import Testing

@testable import MCPBridge

@Suite struct ResourceCursorTests {
    @Test(arguments: [
        ResourceCursor(list: .pets, core: nil), ResourceCursor(list: .entries, core: "eyJrIjoiMjAyNi0wMS0wMSJ9"),
        ResourceCursor(list: .photos, core: "a\nb|c=="),
    ])
    func aCursorReadsBackAsItWasWritten(cursor: ResourceCursor) {
        let text = cursor.text
        #expect(text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(ResourceCursor(text) == cursor)
    }

    @Test(arguments: ["", "not a cursor", "djF8cGV0cw", "!!!!", "djIKcGV0cwo", "djEKYWxidW1zCg"])
    func textThisBridgeDidNotGiveIsNoCursor(text: String) {
        #expect(ResourceCursor(text) == nil)
    }

    @Test func theListsGoPetsThenEntriesThenPhotos() {
        #expect(ResourceCursor.start.list == .pets)
        #expect(ResourceCursor.List.pets.next == .entries)
        #expect(ResourceCursor.List.entries.next == .photos)
        #expect(ResourceCursor.List.photos.next == nil)
    }
}
