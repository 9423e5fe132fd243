import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Two pets, each with an album called 산책: `--pet` picks the one meant, a refusal tells them apart, and the
/// lists say whose each album is and which sound each pet has.
struct CollidingNamesCommandTests {
    @Test func twoPetsAlbumsOfOneTitleAreToldApartByPet() async throws {
        let core = try CoreProcess(extraArguments: ["--no-plugins"])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let boree = try await client.call(PetsCreate.self, .init(name: "보리"))
        let dubu = try await client.call(PetsCreate.self, .init(name: "두부"))
        let borees = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: boree.id))
        let dubus = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: dubu.id))
        let sound = try await client.call(SoundsList.self, .init()).items[0]
        _ = try await client.call(PetsUpdate.self, .init(id: dubu.id, shutterSoundId: sound.id))
        let files = try TemporaryDirectory()
        let clip = try await TestClip.make("walk.mp4", codec: "libx264", in: files)
        let socket = ["--socket", core.socketPath]

        let ambiguous = try await runToolkit(["photos", "import", clip, "--album", "산책"] + socket)
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stderr.contains("2 albums are titled '산책'"), "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("\(borees.id) (보리, 0 photos)"), "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("\(dubus.id) (두부, 0 photos)"))
        #expect(ambiguous.stderr.contains("add --pet NAME") && !ambiguous.stderr.contains("Usage"))

        let imported = try await runToolkit(["photos", "import", clip, "--album", "산책", "--pet", "두부"] + socket)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await client.call(AlbumsGet.self, .init(id: dubus.id)).photoCount == 1)
        #expect(try await client.call(AlbumsGet.self, .init(id: borees.id)).photoCount == 0)

        let albums = try await runToolkit(["albums"] + socket)
        #expect(albums.stdout.hasPrefix("ID"), "\(albums.stdout)")
        let dubuRow = try #require(albums.stdout.split(separator: "\n").first { $0.contains(dubus.id) })
        #expect(dubuRow.contains("두부") && dubuRow.contains("산책"), "\(albums.stdout)")
        let pets = try await runToolkit(["pets"] + socket)
        let petRow = try #require(pets.stdout.split(separator: "\n").first { $0.contains(dubu.id) })
        #expect(petRow.hasSuffix(sound.title), "\(pets.stdout)")
    }
}
