import Testing

@testable import MCPBridge

@Suite struct ToolNamerTests {
    @Test(arguments: [
        ("pets.create", "pets_create"), ("diary.deleteAll", "diary_deleteAll"),
        ("memories.on-this-day", "memories_on-this-day"),
        ("사진.보기", "_____"), ("", "tool"),
    ])
    func aMethodNameBecomesANameEveryClientAccepts(method: String, expected: String) {
        var namer = ToolNamer()
        let name = namer.name(for: method)
        #expect(name == expected)
        #expect(ToolNamer.isValid(name))
    }

    @Test func namesThatWouldClashGetASuffixAndStayWithin64Characters() {
        var namer = ToolNamer()
        let long = String(repeating: "a", count: 70)
        let names = [namer.name(for: "a.b"), namer.name(for: "a_b"), namer.name(for: "a-b"), namer.name(for: "a:b")]
        #expect(names == ["a_b", "a_b_2", "a-b", "a_b_3"])
        let first = namer.name(for: long)
        let second = namer.name(for: long + ".x")
        #expect(first == String(repeating: "a", count: 64))
        #expect(second == String(repeating: "a", count: 62) + "_2")
        #expect(ToolNamer.isValid(second))
    }

    @Test(arguments: ["", "a.b", String(repeating: "x", count: 65), "é"])
    func namesClientsRejectAreNotValid(name: String) {
        #expect(!ToolNamer.isValid(name))
    }
}
