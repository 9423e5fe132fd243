import Foundation
import Testing

@testable import Media

@Suite struct EXIFTests {
    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    @Test(arguments: [false, true])
    func orientationAndOriginalDateAreReadInEitherByteOrder(bigEndian: Bool) throws {
        // Given a JPEG with EXIF in little- or big-endian TIFF
        let exif = EXIFBuilder(
            bigEndian: bigEndian, orientation: 6, dateTime: "2020:01:01 00:00:00",
            dateTimeOriginal: "2024:05:01 14:30:00", dateTimeDigitized: "2023:01:01 00:00:00")
        let jpeg = exif.spliced(into: try Fixtures.bytes("landscape-64x32.jpg"))

        // When inspected
        let info = try MediaInspector().inspect(bytes: jpeg)

        // Then the original date wins, taken as UTC without an offset, and the stored size is kept
        #expect(info.orientation == 6)
        #expect(info.takenAt == Self.date("2024-05-01T14:30:00Z"))
        #expect(info.takenAtSource == .exif)
        #expect(info.width == 64 && info.height == 32)
        #expect(info.displayWidth == 32 && info.displayHeight == 64)
    }

    @Test func offsetTimeOriginalShiftsTheDateToUTC() throws {
        let exif = EXIFBuilder(dateTimeOriginal: "2024:05:01 14:30:00", offsetTimeOriginal: "+09:00")
        let info = try MediaInspector().inspect(bytes: exif.spliced(into: try Fixtures.bytes("landscape-64x32.jpg")))
        #expect(info.takenAt == Self.date("2024-05-01T05:30:00Z"))
        #expect(info.takenAtOffset == 9 * 3_600)
        let west = EXIFBuilder(dateTimeOriginal: "2024:05:01 14:30:00", offsetTimeOriginal: "-05:30")
        let westInfo = try MediaInspector().inspect(
            bytes: west.spliced(into: try Fixtures.bytes("landscape-64x32.jpg")))
        #expect(westInfo.takenAt == Self.date("2024-05-01T20:00:00Z"))
        #expect(westInfo.takenAtOffset == -(5 * 3_600 + 30 * 60))
        let unzoned = EXIFBuilder(dateTimeOriginal: "2024:05:01 14:30:00")
        let unzonedInfo = try MediaInspector().inspect(
            bytes: unzoned.spliced(into: try Fixtures.bytes("landscape-64x32.jpg")))
        #expect(unzonedInfo.takenAt == Self.date("2024-05-01T14:30:00Z"))
        #expect(unzonedInfo.takenAtOffset == nil, "no OffsetTimeOriginal, no offset")
    }

    static let fallbacks: [(EXIFBuilder, String?)] = [
        (EXIFBuilder(dateTimeDigitized: "2023:02:03 04:05:06"), "2023-02-03T04:05:06Z"),
        (EXIFBuilder(dateTime: "2022:12:31 23:59:59"), "2022-12-31T23:59:59Z"),
        (EXIFBuilder(dateTime: "2022:12:31 23:59:59", dateTimeOriginal: "    :  :     :  :  "), "2022-12-31T23:59:59Z"),
        (EXIFBuilder(dateTimeOriginal: "2024:13:01 00:00:00"), nil),
        (EXIFBuilder(orientation: 3), nil),
    ]

    @Test(arguments: fallbacks)
    func laterDateTagsAreUsedWhenEarlierOnesAreMissingOrBlank(exif: EXIFBuilder, expected: String?) throws {
        let fields = EXIFReader.read(exif.tiff())
        #expect(fields.takenAt == expected.map(Self.date))
    }

    @Test(arguments: [0, 9, 0xFFFF])
    func orientationOutsideOneToEightIsIgnored(value: Int) throws {
        let fields = EXIFReader.read(EXIFBuilder(orientation: UInt16(value)).tiff())
        #expect(fields.orientation == nil)
    }

    @Test func hostileIFDsEndQuietly() throws {
        // A huge entry count with few entries, an IFD0 offset past the end, an Exif IFD pointing at
        // itself, and a string offset past the end: each yields what could be read, quickly.
        var huge = ByteWriter(bigEndian: false)
        huge.raw([0x49, 0x49, 0x2A, 0x00])
        huge.u32(8)
        huge.u16(0xFFFF)
        huge.u16(0x0112)
        huge.u16(3)
        huge.u32(1)
        huge.u16(8)
        huge.u16(0)
        #expect(EXIFReader.read(huge.bytes).orientation == 8)

        var pastEnd = ByteWriter(bigEndian: true)
        pastEnd.raw([0x4D, 0x4D, 0x00, 0x2A])
        pastEnd.u32(0xFFFF_FFF0)
        #expect(EXIFReader.read(pastEnd.bytes) == EXIFReader.Fields())

        var loop = ByteWriter(bigEndian: false)
        loop.raw([0x49, 0x49, 0x2A, 0x00])
        loop.u32(8)
        loop.u16(2)
        loop.u16(0x0132)
        loop.u16(2)
        loop.u32(20)
        loop.u32(0xFFFF_FF00)
        loop.u16(0x8769)
        loop.u16(4)
        loop.u32(1)
        loop.u32(8)
        loop.u32(0)
        #expect(EXIFReader.read(loop.bytes) == EXIFReader.Fields())

        let jpeg = EXIFBuilder.splice(tiff: loop.bytes, into: try Fixtures.bytes("landscape-64x32.jpg"))
        #expect(try MediaInspector().inspect(bytes: jpeg).width == 64)
    }

    @Test(
        arguments: [
            ("2024:02:29 12:00:00", nil, "2024-02-29T12:00:00Z"),
            ("1999:12:31 23:59:59", "-05:30", "2000-01-01T05:29:59Z"),
            ("2024-02-29 12:00:00", nil, "2024-02-29T12:00:00Z"),  // separators are not checked
            ("2024:02:29", nil, nil),
        ] as [(String, String?, String?)])
    func exifDatesParseStrictly(text: String, offset: String?, expected: String?) {
        #expect(EXIFDate.date(text, offset: offset) == expected.map(Self.date))
    }
}
