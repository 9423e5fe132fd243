import Foundation
import Testing

@testable import Media

@Suite struct HEIFHeaderTests {
    @Test func sizeRotationAndExifDateComeFromTheItemProperties() throws {
        let exif = EXIFBuilder(bigEndian: true, dateTimeOriginal: "2025:03:04 05:06:07", offsetTimeOriginal: "+01:00")
        let bytes = BoxBuilder.heic(width: 4032, height: 3024, rotation: 3, exifTIFF: exif.tiff())
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.mediaType == MediaType.heic)
        #expect(info.width == 4032 && info.height == 3024)
        #expect(info.orientation == 6)
        #expect(info.takenAt == ISO8601DateFormatter().date(from: "2025-03-04T04:06:07Z"))
        #expect(info.takenAtSource == .exif)
    }

    @Test func aFileWithoutExifStillHasItsSize() throws {
        let info = try MediaInspector().inspect(
            bytes: BoxBuilder.heic(width: 640, height: 480, rotation: nil, exifTIFF: nil))
        #expect(info.width == 640 && info.height == 480)
        #expect(info.orientation == nil)
        #expect(info.takenAt == nil)
    }

    @Test func anExifItemPointingPastTheEndIsIgnored() throws {
        var bytes = BoxBuilder.heic(
            width: 8, height: 8, rotation: nil, exifTIFF: EXIFBuilder(dateTime: "2020:01:01 00:00:00").tiff())
        // Cut the mdat's content off: the iloc extent now runs past the end of the file.
        bytes.removeLast(20)
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.width == 8)
        #expect(info.takenAt == nil)
    }

    /// A header alone is not a picture: a HEIC whose items' data is not in the file (its `mdat` cut off) is
    /// refused as a file that is not media, however large its `ispe` says it is.
    @Test func aHeicWithoutItemDataIsNotMedia() throws {
        var bytes = BoxBuilder.heic(width: 28_192, height: 29_807, rotation: nil, exifTIFF: nil)
        bytes.removeLast(8 + 16)  // the mdat box: its header and the image item's 16 bytes
        do {
            _ = try MediaInspector().inspect(bytes: bytes)
            Issue.record("a HEIC with no item data was accepted")
        } catch let error as MediaError {
            #expect(error.code == .notMedia && error.reason == "no-image-data", "\(error)")
        }
    }

    /// Found by `make fuzz` (fuzz-media): an `iinf` box shorter than its version, flags and entry count made
    /// the range of its children run backwards, and the import trapped instead of refusing the file.
    @Test func aFuzzedFileWithAnItemInfoBoxCutShortIsNotMedia() throws {
        let bytes = try Fixtures.bytes("fuzz-heic-short-iinf.heic")
        expectCode(.notMedia) { try MediaInspector().inspect(bytes: bytes) }
    }

    /// Found by `make fuzz` (fuzz-media): an `ispe` claiming 4,294,967,295 × 4,278,190,112 pixels made the
    /// pixel count overflow in the image-data check, and the import trapped instead of answering.
    @Test func aFuzzedFileClaimingMorePixelsThanAnInt64HoldsDoesNotTrap() throws {
        let bytes = try Fixtures.bytes("fuzz-heic-huge-ispe.heic")
        let info = try MediaInspector().inspect(bytes: bytes)
        #expect(info.mediaType == MediaType.heic)
        #expect(info.width == 4_294_967_295)
        #expect(info.height == 4_278_190_112)
    }

    /// A `meta` or `iinf` full box too short for its own header is refused as truncated, not trapped on.
    @Test(
        arguments: [
            // meta of 10 bytes: 2 of its 4 version and flags bytes
            [0x00, 0x00, 0x00, 0x0A, 0x6D, 0x65, 0x74, 0x61, 0x00, 0x00],
            // meta holding an iinf of 10 bytes: 2 of its 6 version, flags and entry count bytes
            [0x00, 0x00, 0x00, 0x16, 0x6D, 0x65, 0x74, 0x61, 0x00, 0x00, 0x00, 0x00]
                + [0x00, 0x00, 0x00, 0x0A, 0x69, 0x69, 0x6E, 0x66, 0x00, 0x00],
        ] as [[UInt8]])
    func aFullBoxShorterThanItsHeaderIsTruncated(meta: [UInt8]) throws {
        // ftyp heic, then the meta box
        let ftyp: [UInt8] = [0x00, 0x00, 0x00, 0x10, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0]
        do {
            _ = try MediaInspector().inspect(bytes: ftyp + meta)
            Issue.record("a HEIC with a box cut short was accepted")
        } catch let error as MediaError {
            #expect(error.code == .notMedia && error.reason == "truncated", "\(error)")
        }
    }
}
