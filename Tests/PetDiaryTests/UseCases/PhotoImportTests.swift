import Foundation
import Media
import Testing

@testable import PetDiary
import ToolkitTestSupport

/// `photos.import` and `photos.importMany` as use cases: real files into a real store and blob directory.
struct PhotoImportTests {
    @Test func aFileIsStoredRecordedAndPublishedOnceAndItsDuplicateIsNot() async throws {
        // Given an album and a PNG on disk
        let fixture = try DiaryFixture()
        let album = try await fixture.album()
        let path = try fixture.file("tiny-24x12.png", as: "green.png")

        // When it is imported twice
        let photo = try await fixture.diary.importPhoto(from: .file(path: path), into: album.id)
        let again = try await fixture.diary.importPhoto(from: .file(path: path), into: album.id)

        // Then one photo holds the bytes, and only the first import was published
        #expect(photo.mediaType == "image/png")
        #expect(photo.width == 24 && photo.height == 12)
        #expect(photo.filename == "green.png")
        #expect(photo.duplicate == false)
        #expect(again.duplicate == true && again.id == photo.id)
        #expect(fixture.storedBlobs == [photo.sha256])
        #expect(try fixture.scratch.read(try fixture.blobs.path(of: photo.sha256)) == Fixtures.bytes("tiny-24x12.png"))
        #expect(fixture.events.all == [.photoImported(photo)])
        #expect(fixture.temporaries.isEmpty)
    }

    @Test func base64BytesKeepTheirFilename() async throws {
        let fixture = try DiaryFixture()
        let album = try await fixture.album()
        let data = Data(try Fixtures.bytes("tiny-20x10.gif")).base64EncodedString()

        let photo = try await fixture.diary.importPhoto(from: .base64(data, filename: "yellow.gif"), into: album.id)

        #expect(photo.mediaType == "image/gif")
        #expect(photo.filename == "yellow.gif")
        #expect(try await fixture.store.photos.get(id: photo.id).sha256 == photo.sha256)
    }

    @Test(arguments: [
        ("relative.jpg", "path"), ("/no/such/file.jpg", "path"), ("notes.txt", "path"), ("***", "data"),
        ("ftp://example.com/a.jpg", "url"),
    ])
    func badSourcesAreRefusedNamingTheirFieldAndLeaveNothing(input: String, field: String) async throws {
        // Given an album, and a text file that is not media
        let fixture = try DiaryFixture()
        let album = try await fixture.album()
        let text = try fixture.scratch.write("notes.txt", Array("not a photo at all".utf8))
        let source: PhotoSource =
            switch field {
            case "data": .base64(input, filename: nil)
            case "url": .url(input)
            default: .file(path: input == "notes.txt" ? text : input)
            }

        // When it is imported
        var named: String?
        do {
            _ = try await fixture.diary.importPhoto(from: source, into: album.id)
        } catch let error as DiaryError {
            #expect(error.code == .invalid)
            named = error.field
        } catch let error as MediaError {
            named = error.field
        }

        // Then the error names the parameter, and nothing was stored or published
        #expect(named == field)
        #expect(try await fixture.store.photos.list(PhotoFilter(), page: PageRequest()).items.isEmpty)
        #expect(fixture.storedBlobs.isEmpty && fixture.temporaries.isEmpty)
        #expect(fixture.events.all.isEmpty)
    }

    @Test func anUnknownAlbumIsNotFoundBeforeAnyByteIsCopied() async throws {
        let fixture = try DiaryFixture()
        let path = try fixture.file("tiny-24x12.png")
        let error = await diaryError { _ = try await fixture.diary.importPhoto(from: .file(path: path), into: "nope") }
        #expect(error?.code == .notFound)
        #expect(error?.kind == "album")
        #expect(fixture.storedBlobs.isEmpty && fixture.temporaries.isEmpty)
    }

    @Test func aBulkImportSkipsWhatItCannotReadAndReportsProgress() async throws {
        // Given two media files and one that is not media, in that order
        let fixture = try DiaryFixture()
        let album = try await fixture.album()
        let png = try fixture.file("tiny-24x12.png")
        let text = try fixture.scratch.write("notes.jpg", Array("not a photo".utf8))
        let gif = try fixture.file("tiny-20x10.gif")
        let progress = ReportedProgress()

        // When they are imported at once
        let outcomes = try await fixture.diary.importPhotos(at: [png, text, gif], into: album.id) { done in
            progress.record(done)
        }

        // Then the two are imported in order, the other is skipped with its reason, and each import is
        // published once
        #expect(outcomes.count == 3)
        guard case .imported(let first) = outcomes[0], case .skipped(let path, let reason) = outcomes[1],
            case .imported(let third) = outcomes[2]
        else {
            Issue.record("unexpected outcomes \(outcomes)")
            return
        }
        #expect(first.mediaType == "image/png" && third.mediaType == "image/gif")
        #expect(path == text && !reason.isEmpty)
        #expect(fixture.events.all == [.photoImported(first), .photoImported(third)])
        #expect(progress.values == [3])
        #expect(fixture.temporaries.isEmpty)
    }
}
