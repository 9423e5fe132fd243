import Testing

@testable import JSONRPC

/// The frame decoder's fast pass (``WholeValueScan``) reads a whole message in one pass; for every input it
/// must either agree with ``JSONValueScanner`` (same length, same members) or leave the input to it.
struct WholeValueScanTests {
    /// The length and members the fast pass reads in `text`, nil when it leaves `text` to the scanner.
    private static func scan(_ text: String) -> (length: Int, members: TopLevelMembers)? {
        var members = TopLevelMembers.none
        guard let length = Array(text.utf8).withUnsafeBytes({ WholeValueScan.scan($0, members: &members) }) else {
            return nil
        }
        return (length, members)
    }

    private static func disagreement(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { WholeValueScan.disagreement(on: $0) }
    }

    @Test(arguments: RecordedMembersTests.messages.filter { $0.first == "{" || $0.first == "[" })
    func aWholeMessageIsReadByTheFastPassAsTheScannerReadsIt(message: String) {
        #expect(Self.scan(message + "\n") != nil, "the fast pass left a whole message to the scanner")
        #expect(Self.disagreement(message + "\n") == nil)
        #expect(Self.disagreement(message + #"{"next":1}"#) == nil)
    }

    /// Inputs at each edge of the grammar: the fast pass must not vouch for any that the scanner refuses,
    /// nor read any at another length.
    static let edges: [String] = [
        #"{"a":01}"#, #"{"a":-}"#, #"{"a":1.}"#, #"{"a":1e}"#, #"{"a":1e+}"#, #"{"a":.5}"#, #"{"a":+1}"#,
        #"{"a":-0.0e-0}"#, #"{"a":0E5}"#, #"{"a":1.5.2}"#, #"{"a":1e5.2}"#, #"[1,]"#, #"{"a":1,}"#, #"{,}"#,
        #"{"a"}"#, #"{"a":}"#, #"{"a" 1}"#, #"{a:1}"#, #"{"a":tru}"#, #"{"a":truex}"#, #"{"a":nul}"#,
        #"["\u12"]"#, #"["\u12G4"]"#, #"["\uABcd"]"#, #"["\x"]"#, "[\"\u{01}\"]", "[\"a\nb\"]", #"["\/\b\f\n\r\t"]"#,
        "[\u{7F}]", "[\"\u{7F}é\"]", #"{"a":{"b":{"c":[]}},"d":[[],{}]}"#, "[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]",
        String(repeating: "[", count: 70) + String(repeating: "]", count: 70), #"{"a":1"#, #"{"a":"#, #"{"a"#,
        #"[1"#, "[", "{", #"{"a":1}}"#, #"{"a":1]"#, #"[1}"#, " {}", "{} ", "{\t\r\n}", #"{"":""}"#, "[1 2]",
        #"{"k\"ey":"v"}"#, #"{"a":[1,{"k":2}],"b":3}"#,
        // Strings read eight bytes at a time: a quote, backslash or control byte at each place in a word.
        #"["abcdefgh\"ijklmnopq"]"#, #"["abcdefghijklmno\\"]"#, "[\"abcdefghij\u{01}klmnop\"]", #"["abcdefghij"#,
        #"["abcdefg"]"#, #"["abcdefgh"]"#, #"["abcdefghi"]"#, "[\"abcdéfghijklmnöp\u{7F}\"]", #"["abcdefgh\u00e9xyz"]"#,
        "[\"abcdefgh\u{1F}\"]", "[\"abcdefg\u{1F}\"]",
    ]

    @Test(arguments: edges)
    func noEdgeOfTheGrammarReadsDifferentlyByTheFastPass(text: String) {
        #expect(Self.disagreement(text) == nil)
    }

    @Test func aStringIsReadToItsClosingQuoteWhereverAnEscapeOrTheQuoteFallsInAWord() {
        #expect(Self.scan(#"["abcdefgh\"ijklmnopq"]"#)?.length == 23)
        #expect(Self.scan(#"["abcdefghijklmno\\"]"#)?.length == 21)
        #expect(Self.scan(#"["abcdefgh"]"#)?.length == 12)
        #expect(Self.scan("[\"abcdéfghijklmnöp\u{7F}\"]")?.length == 23)
        #expect(Self.scan("[\"abcdefghij\u{01}klmnop\"]") == nil)
    }

    @Test func aValueCutShortOrNestedDeeperThanTheFastPassKeepsIsLeftToTheScanner() {
        #expect(Self.scan(#"{"jsonrpc":"2.0","method":"m""#) == nil)
        #expect(Self.scan(#"{"a":1} "#)?.length == 7)
        #expect(Self.scan(#"{"a":12"#) == nil)
        #expect(Self.scan("42 ") == nil)
        #expect(Self.scan(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) == nil)
        #expect(Self.scan(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) != nil)
    }

    @Test func theMembersOfANestedObjectAreNotTakenForTheTopLevelOnes() throws {
        let found = try #require(Self.scan(#"{"a":{"b":1,"c":2},"d":3}"#))
        #expect(found.members.count == 2)
        #expect(found.members[0].key == 2..<3)
        #expect(found.members[0].value == 5..<18)
        #expect(found.members[1].key == 20..<21)
    }
}
