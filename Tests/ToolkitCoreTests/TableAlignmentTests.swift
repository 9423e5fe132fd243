import Foundation
import Testing
import ToolkitTestSupport
import ToolkitTesting

/// The CLI's tables line up on a terminal whatever the script: a Hangul syllable takes two columns.
struct TableAlignmentTests {
    @Test func petsAlignTheirColumnsByDisplayWidthWithKoreanNames() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await ObjectClient.connect(to: core.socketPath)
        for (name, species) in [("보리", "dog"), ("Max", "cat"), ("초코칩이", "고양이"), ("Ünal", "rabbit")] {
            _ = try await client.call("pets.create", ["name": name, "species": species, "breed": "mixed"])
        }
        let listing = try runToolkit(["pets", "--socket", core.socketPath])
        #expect(listing.status == 0, "\(listing.stderr)")
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(listing.stdout)")
        // Every BREED cell starts at the column where the header's BREED starts.
        let header = try #require(lines.first)
        let breedColumn = try #require(header.range(of: "BREED")).lowerBound
        let expected = columns(header[..<breedColumn])
        for line in lines.dropFirst() {
            let breed = try #require(line.range(of: "mixed"), "\(line)").lowerBound
            #expect(columns(line[..<breed]) == expected, "\(listing.stdout)")
        }
    }

    /// Terminal columns, counted independently of the CLI: Hangul syllables two, the rest one.
    private func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }
}
