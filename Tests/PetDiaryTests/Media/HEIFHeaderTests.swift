import Foundation
import Testing

@testable import PetDiary

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
}
