import ArgumentParser
import Audio
import Foundation

/// `toolkit sound info FILE`: format, duration and anything odd about a WAV file.
struct SoundInfo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show a WAV file's format, duration and anything odd about it.")

    @Argument(help: "The WAV file.")
    var file: String

    func run() async throws {
        let info = try WAVReader(path: file).info
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
        print("chunks: \(info.chunks.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))")
        if info.notes.isEmpty {
            print("odd: nothing")
        } else {
            for note in info.notes { print("odd: \(note)") }
        }
    }
}
