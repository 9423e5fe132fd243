import Foundation
import ToolkitTestSupport

/// A real JPEG whose EXIF says when it was taken, so the core files it under that day.
enum SampleJPEG {
    /// MediaTests' 64x32 JPEG with an EXIF capture date, `taken` as EXIF writes it (`2024:05:03 10:30:00`),
    /// base64 for `photos.import`'s `data`.
    static func base64(taken: String) throws -> String {
        let fixture = URL(
            fileURLWithPath: ToolkitBinary.packageRoot + "/Tests/MediaTests/Fixtures/landscape-64x32.jpg")
        let jpeg = [UInt8](try Data(contentsOf: fixture))
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(8)
        let exifOffset: UInt32 = 8 + 2 + 12 + 4
        tiff += le16(1) + le16(0x8769) + le16(4) + le32(1) + le32(exifOffset) + le32(0)
        let date = Array(taken.utf8) + [0]
        tiff += le16(1) + le16(0x9003) + le16(2) + le32(UInt32(date.count)) + le32(exifOffset + 2 + 12 + 4) + le32(0)
        tiff += date
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let bytes = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg[2...]
        return Data(bytes).base64EncodedString()
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
