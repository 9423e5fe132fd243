import Foundation

/// Real image files for the diary tests: the tiny fixtures of MediaTests, and a JPEG with EXIF.
enum MediaSamples {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("MediaTests/Fixtures")

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// The 64x32 landscape JPEG with an EXIF segment: orientation 6 (turn right to view) and a capture date.
    static func jpegWithEXIF(orientation: UInt16 = 6, taken: String = "2024:05:01 10:30:00") throws -> [UInt8] {
        let jpeg = try fixture("landscape-64x32.jpg")
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8)
        let exifOffset: UInt32 = 8 + 2 + 2 * 12 + 4
        tiff += le16(2) + le16(0x0112) + le16(3) + le32(1) + le16(orientation) + [0, 0]
        tiff += le16(0x8769) + le16(4) + le32(1) + le32(exifOffset) + le32(0)
        let date = Array(taken.utf8) + [0]
        tiff += le16(1) + le16(0x9003) + le16(2) + le32(UInt32(date.count)) + le32(exifOffset + 2 + 12 + 4) + le32(0)
        tiff += date
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
    }

    /// A distinct JPEG of about `size` bytes: a real header and image, then padding after its end marker.
    static func paddedJPEG(number: Int, size: Int) throws -> [UInt8] {
        var bytes = try fixture("landscape-64x32.jpg")
        bytes += Array("padding \(number) ".utf8)
        bytes += [UInt8](repeating: UInt8(truncatingIfNeeded: number), count: max(0, size - bytes.count))
        return bytes
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
