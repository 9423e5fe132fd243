import ArgumentParser
import Audio
import Foundation

/// `toolkit sound decode FILE [-o OUT]`: raw 32-bit samples, as `sox FILE -t raw -e signed -b 32 -` gives.
struct SoundDecode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Decode a WAV file to raw signed 32-bit little-endian samples (sox's -e signed -b 32).")

    @Argument(help: "The WAV file.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the samples; standard output if left out.")
    var output: String?

    func run() async throws {
        let reader = try WAVReader(path: file)
        let handle: FileHandle
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil) else {
                throw ValidationError("cannot create \(output)")
            }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        } else {
            handle = .standardOutput
        }
        while true {
            let samples = try reader.readSamples(maximumFrames: 16_384)
            if samples.isEmpty { break }
            try samples.withUnsafeBytes { try handle.write(contentsOf: $0) }
        }
        try handle.close()
    }
}
