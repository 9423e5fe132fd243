import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// The CLI's tables line up on a terminal whatever the script: a Hangul syllable takes two columns.
@Suite(.serialized)
struct TableAlignmentTests {
    @Test func petsAlignTheirColumnsByDisplayWidthWithKoreanNames() async throws {
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let client = try await ObjectClient.connect(to: core.socketPath)
        for (name, species) in [("보리", "dog"), ("Max", "cat"), ("초코칩이", "고양이"), ("Ünal", "rabbit")] {
            _ = try await client.call("pets.create", ["name": name, "species": species, "breed": "mixed"])
        }
        let listing = try await runToolkit(["pets", "--socket", core.socketPath])
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

    @Test func diaryListShowsThePetAndAlignsItsColumnsByDisplayWidth() async throws {
        // Given entries of 보리, of Max and of no pet, with Hangul and Latin titles
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        _ = try await runToolkit(["pets", "add", "보리"] + socket)
        _ = try await runToolkit(["pets", "add", "Max"] + socket)
        for (title, pet, day) in [("첫 산책", "보리", "01"), ("Walk", "Max", "02"), ("비 오는 날", "", "03")] {
            let added = try await runToolkit(
                ["diary", "add", "--title", title, "#tagged", "--date", "2024-05-\(day)"]
                    + (pet.isEmpty ? [] : ["--pet", pet]) + socket)
            #expect(added.status == 0, "\(added.stderr)")
        }

        // When `toolkit diary list`, then a header, each entry's pet by name, and every TAGS cell in one column
        let listing = try await runToolkit(["diary", "list", "--oldest"] + socket)
        #expect(listing.status == 0, "\(listing.stderr)")
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(listing.stdout)")
        let header = try #require(lines.first)
        #expect(header.hasPrefix("DATE        PET   TITLE"), "\(header)")
        #expect(lines[1].contains("보리") && lines[2].contains("Max"), "\(listing.stdout)")
        let expected = columns(header[..<(try #require(header.range(of: "TAGS")).lowerBound)])
        for line in lines.dropFirst() {
            let tags = try #require(line.range(of: "#tagged"), "\(line)").lowerBound
            #expect(columns(line[..<tags]) == expected, "\(listing.stdout)")
        }
    }

    @Test func archiveListAlignsItsColumnsByDisplayWidth() async throws {
        // Given a diary named in Hangul, archived twice (a change in between)
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        _ = try await runToolkit(["call", "settings.set", "diaryName=보리의 일기"] + socket)
        #expect(try await runToolkit(["archive"] + socket).status == 0)
        _ = try await runToolkit(["pets", "add", "보리"] + socket)
        #expect(try await runToolkit(["archive"] + socket).status == 0)

        // When `toolkit archive list`, then every KIND cell starts at the header's KIND column
        let listing = try await runToolkit(["archive", "list"] + socket)
        #expect(listing.status == 0, "\(listing.stderr)")
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(listing.stdout)")
        let header = try #require(lines.first)
        let expected = columns(header[..<(try #require(header.range(of: "KIND")).lowerBound)])
        for line in lines.dropFirst() {
            // (the names end in -full.tar.zst too: the cell is the word after two spaces)
            let kind = try #require(line.range(of: "  full ") ?? line.range(of: "  incremental "), "\(line)")
            #expect(columns(line[..<kind.lowerBound]) + 2 == expected, "\(listing.stdout)")
        }
    }

    /// Terminal columns, counted independently of the CLI: Hangul syllables two, the rest one.
    private func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ((0xAC00...0xD7A3).contains($1.value) ? 2 : 1) }
    }
}
