import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// The everyday changes, as a user types them, without `toolkit call`: a pet's shutter sound, renaming and
/// deleting pets, albums and entries, editing an entry, favourite photos, the tags with their counts.
@Suite(.serialized)
struct EverydayEditCommandTests {
    @Test func aPetGetsASoundANewNameAndIsDeletedOnlyWhenNothingIsLeftOrWithForce() async throws {
        // Given a core with the pet 보리, an album of hers and an imported sound titled 삑삑이
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        let petId = try await runToolkit(["pets", "add", "보리"] + socket).stdout.trimmed
        let albumId = try await runToolkit(["albums", "add", "Walks", "--pet", "보리"] + socket).stdout.trimmed
        let wav = try ExportFixture.writeWAV(files.appending("squeak.wav"), tone: 0x11)
        let soundId = try await runToolkit(["sound", "import", wav, "--title", "삑삑이"] + socket).stdout.trimmed

        // When `toolkit pets update 보리 --sound 삑삑이`, then the pet shows that sound
        let updated = try await runToolkit(["pets", "update", "보리", "--sound", "삑삑이"] + socket)
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains(soundId) && updated.stdout.contains("SOUND"), "\(updated.stdout)")
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        #expect(try await client.call(PetsGet.self, .init(id: petId)).shutterSoundId == soundId)

        // When `toolkit pets rename 보리 Bori`, then the pets list shows the new name
        let renamed = try await runToolkit(["pets", "rename", "보리", "Bori"] + socket)
        #expect(renamed.status == 0 && renamed.stdout == "Renamed 보리 to Bori\n", "\(renamed.stdout)\(renamed.stderr)")
        #expect(try await runToolkit(["pets"] + socket).stdout.contains("Bori"))

        // When `toolkit pets delete Bori` while she has an album, then it is refused, naming her and --force
        let refused = try await runToolkit(["pets", "delete", "Bori"] + socket)
        #expect(refused.status == 1)
        #expect(
            refused.stderr == "toolkit: 'Bori' has 1 album(s) and 0 diary entries; delete them first, "
                + "or add --force to delete them with the pet.\n", "\(refused.stderr)")

        // When with --force, then the pet and her album are gone
        let deleted = try await runToolkit(["pets", "delete", "Bori", "--force"] + socket)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(deleted.stdout == "Deleted pet Bori, with 1 album\n", "\(deleted.stdout)")
        #expect(try await runToolkit(["albums"] + socket).stdout.contains(albumId) == false)
        #expect(try await runToolkit(["pets"] + socket).stdout == "No pets yet: toolkit pets add NAME\n")
    }

    @Test func albumsAreRenamedAndDeletedByTitle() async throws {
        // Given an album Walks with one photo
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        _ = try await runToolkit(["albums", "add", "Walks"] + socket)
        let photo = try files.write("walk.jpg", try MediaSamples.jpegWithEXIF())
        #expect(try await runToolkit(["photos", "import", photo, "--album", "Walks", "--quiet"] + socket).status == 0)

        // When `toolkit albums rename Walks 산책`, then the album list shows 산책
        let renamed = try await runToolkit(["albums", "rename", "Walks", "산책"] + socket)
        #expect(renamed.status == 0 && renamed.stdout == "Renamed Walks to 산책\n", "\(renamed.stderr)")
        #expect(try await runToolkit(["albums"] + socket).stdout.contains("산책"))

        // When `toolkit albums delete 산책`, then it is refused while it holds a photo, and --force deletes both
        let refused = try await runToolkit(["albums", "delete", "산책"] + socket)
        #expect(refused.status == 1)
        #expect(
            refused.stderr == "toolkit: '산책' has 1 photo(s); delete them first, "
                + "or add --force to delete them with the album.\n", "\(refused.stderr)")
        let deleted = try await runToolkit(["albums", "delete", "산책", "--force"] + socket)
        #expect(deleted.status == 0 && deleted.stdout == "Deleted album 산책, with 1 photo\n", "\(deleted.stdout)")
        #expect(try await runToolkit(["albums"] + socket).stdout == "No albums yet: toolkit albums add TITLE\n")
    }

    @Test func entriesAreEditedTaggedAndDeletedAndPhotosMarkedFavourite() async throws {
        // Given an entry with a #tag and a photo
        let core = try CoreProcess()
        defer { _ = core.stop() }
        let socket = ["--socket", core.socketPath]
        let files = try TemporaryDirectory()
        let entryId = try await runToolkit(
            ["diary", "add", "--title", "산책", "공원 #산책", "--date", "2024-05-01"] + socket
        ).stdout.trimmed
        _ = try await runToolkit(["diary", "add", "--title", "밥", "#산책 다음 #밥", "--date", "2024-05-02"] + socket)
        _ = try await runToolkit(["albums", "add", "Walks"] + socket)
        let photo = try files.write("walk.jpg", try MediaSamples.jpegWithEXIF())
        let photoId = try await runToolkit(["photos", "import", photo, "--album", "Walks", "--quiet"] + socket).stdout
            .trimmed

        // When `toolkit diary tags`, then each tag shows with the number of entries using it, most used first
        let tags = try await runToolkit(["diary", "tags"] + socket)
        #expect(tags.status == 0, "\(tags.stderr)")
        #expect(tags.stdout == "TAG    ENTRIES\n#산책  2\n#밥    1\n", "\(tags.stdout)")

        // When `toolkit diary edit ID --title … --text … --date …`, then the list shows the new title, tag and day
        let edited = try await runToolkit(
            ["diary", "edit", entryId, "--title", "긴 산책", "--text", "공원 두 바퀴 #공원", "--date", "2024-05-03"]
                + socket)
        #expect(edited.status == 0 && edited.stdout.trimmed == entryId, "\(edited.stderr)")
        let listed = try await runToolkit(["diary", "list"] + socket).stdout
        #expect(listed.contains("2024-05-03") && listed.contains("긴 산책") && listed.contains("#공원"), "\(listed)")

        // When `toolkit diary edit` is given nothing to change, then it says what it takes
        let nothing = try await runToolkit(["diary", "edit", entryId] + socket)
        #expect(nothing.status == 64 && nothing.stderr.contains("Say what to change: --title"), "\(nothing.stderr)")

        // When `toolkit diary delete ID`, then the entry is gone from the list
        let deleted = try await runToolkit(["diary", "delete", entryId] + socket)
        #expect(deleted.status == 0 && deleted.stdout == "Deleted entry \(entryId)\n", "\(deleted.stderr)")
        #expect(try await runToolkit(["diary", "list"] + socket).stdout.contains("긴 산책") == false)

        // When `toolkit photos favourite ID` then `unfavourite ID`, then each says what the photo now is
        let marked = try await runToolkit(["photos", "favourite", photoId] + socket)
        #expect(marked.status == 0 && marked.stdout == "\(photoId)  ★ favourite  walk.jpg\n", "\(marked.stdout)")
        let unmarked = try await runToolkit(["photos", "unfavourite", photoId] + socket)
        #expect(unmarked.stdout == "\(photoId)  not a favourite  walk.jpg\n", "\(unmarked.stdout)")
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
