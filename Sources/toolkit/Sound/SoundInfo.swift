import ArgumentParser
import Audio
import Foundation

/// `toolkit sound info FILE [--json]`: format, duration and anything odd about a WAV file.
struct SoundInfo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a WAV file's format, duration and anything odd about it.",
        discussion: """
            With --json: {file, sampleFormat, rate, channels, bits, formatTag, subFormatTag, validBits, frames, \
            durationSeconds, dataBytes, dataOffset, chunks, notes}.
            """)

    @Argument(help: "The WAV file.")
    var file: String

    @Flag(help: "Print JSON instead of lines.")
    var json = false

    /// What `--json` prints.
    private struct Description: Encodable {
        var file: String
        var sampleFormat: String
        var rate: Int
        var channels: Int
        var bits: Int
        var formatTag: Int
        var subFormatTag: Int?
        var validBits: Int?
        var frames: Int64
        var durationSeconds: Double
        var dataBytes: Int64
        var dataOffset: Int64
        var chunks: [String]
        var notes: [String]
    }

    func run() async throws {
        let info = try WAVReader(path: file).info
        if json {
            try printJSON(info)
            return
        }
        var encoding =
            info.isExtensible
            ? "0xFFFE (WAVE_FORMAT_EXTENSIBLE)" : "\(info.formatTag) (\(info.formatTag == 3 ? "IEEE float" : "PCM"))"
        if let sub = info.subFormatTag, let valid = info.validBitsPerSample {
            encoding += ", sub-format \(sub == 3 ? "float" : "PCM"), \(valid) valid bits"
        }
        print("file: \(file)")
        print("format: \(info.format)")
        print("format tag: \(encoding)")
        print("frames: \(info.frameCount)")
        print("duration: \(String(format: "%.3f", info.duration)) s")
        print("data: \(info.dataByteCount) bytes at offset \(info.dataOffset)")
        print("chunks: \(Self.chunkNames(info).joined(separator: ", "))")
        if info.notes.isEmpty {
            print("odd: nothing")
        } else {
            for note in info.notes { print("odd: \(note)") }
        }
    }

    private func printJSON(_ info: WAVInfo) throws {
        let description = Description(
            file: file, sampleFormat: info.format.sampleFormat.rawValue, rate: info.format.rate,
            channels: info.format.channels, bits: info.format.sampleFormat.bytesPerSample * 8,
            formatTag: info.formatTag, subFormatTag: info.subFormatTag, validBits: info.validBitsPerSample,
            frames: info.frameCount, durationSeconds: info.duration, dataBytes: info.dataByteCount,
            dataOffset: info.dataOffset, chunks: Self.chunkNames(info), notes: info.notes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(description), as: UTF8.self))
    }

    private static func chunkNames(_ info: WAVInfo) -> [String] {
        info.chunks.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
