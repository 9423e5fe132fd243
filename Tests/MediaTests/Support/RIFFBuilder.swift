/// Builds AVI bytes chunk by chunk, for headers no muxer would write.
enum RIFFBuilder {
    static func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }

    /// A chunk holding `data` (padded to an even size); `declaredSize` overrides the size written.
    static func chunk(_ id: String, _ data: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
        Array(id.utf8) + le32(declaredSize ?? UInt32(data.count)) + data + (data.count % 2 == 1 ? [0] : [])
    }

    /// A `LIST` of `type` holding `chunks`.
    static func list(_ type: String, _ chunks: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
        chunk("LIST", Array(type.utf8) + chunks, declaredSize: declaredSize)
    }

    /// An `avih` main header.
    static func avih(microsecondsPerFrame: UInt32 = 40_000, frames: UInt32 = 50, width: UInt32, height: UInt32)
        -> [UInt8]
    {
        let fields = [microsecondsPerFrame, 0, 0, 0, frames, 0, 1, 0, width, height, 0, 0, 0, 0]
        return chunk("avih", fields.flatMap(le32))
    }

    /// A stream list whose `strh` is of `type` (`vids`, `auds`) with the codec `handler`.
    static func stream(_ type: String, handler: String) -> [UInt8] {
        list("strl", chunk("strh", Array(type.utf8) + Array(handler.utf8) + [UInt8](repeating: 0, count: 48)))
    }

    /// A whole file: `RIFF AVI ` holding `hdrl` with `header`, then `movi` with one frame.
    static func file(
        header: [UInt8], movie: [UInt8] = list("movi", chunk("00dc", [1, 2, 3, 4])), riffSize: UInt32? = nil
    )
        -> [UInt8]
    {
        chunk("RIFF", Array("AVI ".utf8) + list("hdrl", header) + movie, declaredSize: riffSize)
    }
}
