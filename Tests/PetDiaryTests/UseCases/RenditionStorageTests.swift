import Foundation
import Testing

@testable import PetDiary

/// A video's browser copy is a derived blob, like a thumbnail: kept for the original's blob, shared by the photos
/// of that blob, gone with the last of them; one made for a blob no photo uses any more, or whose making fails,
/// leaves nothing.
struct RenditionStorageTests {
    private static func write(_ text: String) -> (String) async throws -> Void {
        { path in try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    }

    @Test func aCopyGoesWithTheLastPhotoOfItsBlob() async throws {
        // Given a copy kept for bytes two albums share
        let fixture = try DiaryFixture()
        let png = try fixture.file("tiny-24x12.png")
        let photos = [
            try await fixture.diary.importPhoto(from: .file(path: png), into: try await fixture.album("A").id),
            try await fixture.diary.importPhoto(from: .file(path: png), into: try await fixture.album("B").id),
        ]
        let copy = try await fixture.diary.keepRendition(
            of: photos[0].sha256, photoId: photos[0].id, producedBy: Self.write("copy"))
        #expect(try await fixture.diary.storedRendition(of: photos[0].sha256) == copy)
        #expect(fixture.storedBlobs.contains(copy.sha256))

        // When one photo is deleted, the copy stays; when the other is too, it goes
        _ = try await fixture.diary.deletePhoto(id: photos[0].id, logger: fixture.logger)
        #expect(fixture.storedBlobs.contains(copy.sha256))
        _ = try await fixture.diary.deletePhoto(id: photos[1].id, logger: fixture.logger)
        #expect(fixture.storedBlobs.isEmpty)
        #expect(try await fixture.diary.storedRendition(of: photos[0].sha256) == nil)
    }

    @Test func aCopyOfBytesNoPhotoUsesOrOneThatFailsLeavesNothing() async throws {
        let fixture = try DiaryFixture()
        let png = try fixture.file("tiny-24x12.png")
        let photo = try await fixture.diary.importPhoto(from: .file(path: png), into: try await fixture.album().id)
        _ = try await fixture.diary.deletePhoto(id: photo.id, logger: fixture.logger)

        let late = await diaryError {
            _ = try await fixture.diary.keepRendition(of: photo.sha256, photoId: photo.id, producedBy: Self.write("x"))
        }
        #expect(late?.code == .notFound && late?.id == photo.id)
        struct Broken: Error {}
        await #expect(throws: Broken.self) {
            _ = try await fixture.diary.keepRendition(of: photo.sha256, photoId: photo.id) { path in
                try Data("half".utf8).write(to: URL(fileURLWithPath: path))
                throw Broken()
            }
        }
        #expect(fixture.storedBlobs.isEmpty && fixture.temporaries.isEmpty)
    }
}
