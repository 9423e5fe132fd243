import Foundation
import Testing
import ToolkitTestSupport
import ToolkitCoreTesting

/// Every `--pet` and `--album` of the CLI takes a name (an album's title) or an id, as a user types them.
@Suite(.serialized)
struct NameOrIDCommandTests {
    @Test func petsAndAlbumsAreFoundByNameWhereverOneIsAskedFor() async throws {
        // Given a core with the pet 보리
        let core = try CoreProcess()
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        let petId = try await runToolkit(["pets", "add", "보리"] + socket).stdout.trimmed

        // When an album is made for 보리 by name, then it belongs to that pet
        let made = try await runToolkit(["albums", "add", "Walks", "--pet", "보리"] + socket)
        #expect(made.status == 0, "\(made.stderr)")
        let albumId = made.stdout.trimmed
        let albums = try await runToolkit(["albums", "--pet", "보리"] + socket)
        #expect(albums.status == 0 && albums.stdout.contains(albumId) && albums.stdout.contains("Walks"))

        // When a photo is imported into the album by its title, then the album lists it, by title and by pet name
        let photo = try files.write("walk.jpg", try MediaSamples.jpegWithEXIF())
        let imported = try await runToolkit(["photos", "import", photo, "--album", "Walks", "--quiet"] + socket)
        #expect(imported.status == 0, "\(imported.stderr)")
        for filter in [["--album", "Walks"], ["--album", albumId], ["--pet", "보리"]] {
            let listed = try await runToolkit(["photos", "list"] + filter + socket)
            #expect(listed.status == 0 && listed.stdout.contains("walk.jpg"), "\(filter): \(listed.stderr)")
        }

        // When an entry is written for 보리 by name, then the diary's list, search and calendar find it by name
        let entry = try await runToolkit(
            ["diary", "add", "--title", "산책", "공원 한 바퀴", "--date", "2024-05-01", "--pet", "보리"] + socket)
        #expect(entry.status == 0, "\(entry.stderr)")
        let entryId = entry.stdout.trimmed
        #expect(try await runToolkit(["diary", "list", "--pet", "보리"] + socket).stdout.contains(entryId))
        #expect(try await runToolkit(["diary", "list", "--pet", petId] + socket).stdout.contains(entryId))
        #expect(try await runToolkit(["diary", "search", "공원", "--pet", "보리"] + socket).stdout.contains(entryId))
        let month = try await runToolkit(["diary", "calendar", "2024-05", "--pet", "보리"] + socket)
        #expect(month.status == 0 && month.stdout.contains("2024-05-01"), "\(month.stdout)\(month.stderr)")

        // When a second pet is also named 보리, then the name is refused with both ids to choose from
        let twin = try await runToolkit(["pets", "add", "보리"] + socket).stdout.trimmed
        let ambiguous = try await runToolkit(["diary", "list", "--pet", "보리"] + socket)
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("2 pets are named '보리': \(petId), \(twin); give one's id."))
        #expect(try await runToolkit(["diary", "list", "--pet", petId] + socket).stdout.contains(entryId))

        // When an album title is unknown, then the error says so and where to look
        let unknown = try await runToolkit(["photos", "list", "--album", "Beach"] + socket)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("No album is titled or has the id 'Beach'; see toolkit albums."))
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
