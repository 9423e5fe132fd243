import Testing

@testable import Audio
import ToolkitTestSupport

/// Files the reader must refuse, each with a message that says what the file is and why.
@Suite struct WAVReaderRefusalTests {
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var bytes: @Sendable () -> [UInt8]
        var code: AudioError.Code
        var reason: String
    }

    static let samples = testSamples(bits: 16, float: false, count: 64)

    static func built(_ change: @escaping @Sendable (inout WAVBuilder) -> Void) -> @Sendable () -> [UInt8] {
        {
            var builder = WAVBuilder(channels: 2, bits: 16, samples: samples)
            change(&builder)
            return builder.bytes()
        }
    }

    static let cases: [Case] = [
        Case(description: "empty file", bytes: { [] }, code: .malformedFile, reason: "0 bytes long, too short"),
        Case(
            description: "not RIFF", bytes: { Array("ID3\u{4}hello, this is an mp3".utf8) }, code: .malformedFile,
            reason: "not a WAV file: it starts with 'ID3?'"),
        Case(
            description: "RIFF but AVI", bytes: { Array("RIFF\u{4}\0\0\0AVI ".utf8) }, code: .malformedFile,
            reason: "of type 'AVI ', not a WAVE"),
        Case(
            description: "truncated header", bytes: { Array(built { _ in }()[0..<30]) }, code: .malformedFile,
            reason: "cut short"),
        Case(
            description: "header ends before fmt", bytes: { Array(built { _ in }()[0..<16]) }, code: .malformedFile,
            reason: "cut short"),
        Case(
            description: "A-law",
            bytes: built {
                $0.formatTag = 6; $0.bits = 8
            }, code: .unsupportedFormat,
            reason: "A-law (format 6) is not supported; convert it with `sox in.wav -e signed -b 16 out.wav`"),
        Case(
            description: "µ-law",
            bytes: built {
                $0.formatTag = 7; $0.bits = 8
            }, code: .unsupportedFormat,
            reason: "µ-law (format 7) is not supported"),
        Case(
            description: "MS ADPCM",
            bytes: built {
                $0.formatTag = 2; $0.bits = 4; $0.blockAlign = 2
            },
            code: .unsupportedFormat, reason: "Microsoft ADPCM (format 2) is not supported"),
        Case(
            description: "IMA ADPCM",
            bytes: built {
                $0.formatTag = 0x11; $0.bits = 4; $0.blockAlign = 2
            },
            code: .unsupportedFormat, reason: "IMA ADPCM (format 17) is not supported"),
        Case(
            description: "GSM",
            bytes: built {
                $0.formatTag = 0x31; $0.bits = 0; $0.blockAlign = 65
            },
            code: .unsupportedFormat, reason: "GSM 6.10 (format 49) is not supported"),
        Case(
            description: "12-bit PCM",
            bytes: built {
                $0.bits = 12; $0.blockAlign = 4
            }, code: .unsupportedFormat,
            reason: "12-bit PCM is not supported"),
        Case(
            description: "extensible A-law",
            bytes: built {
                $0.extensibleSubFormat = 6; $0.bits = 8
            },
            code: .unsupportedFormat, reason: "A-law (format 6)"),
        Case(
            description: "extensible with more valid bits than its containers",
            bytes: built {
                $0.extensibleSubFormat = 1; $0.bits = 24; $0.validBits = 32
            },
            code: .malformedFile,
            reason:
                "its WAVE_FORMAT_EXTENSIBLE fmt chunk says 32 valid bits per sample, more than its 24-bit "
                + "containers hold"),
        Case(
            description: "extensible float with more valid bits than its containers",
            bytes: built {
                $0.extensibleSubFormat = 3; $0.bits = 32; $0.validBits = 64
            },
            code: .malformedFile, reason: "64 valid bits per sample, more than its 32-bit containers hold"),
        Case(
            description: "plain 16-bit PCM in 4-byte containers",
            bytes: built {
                $0.bits = 16; $0.blockAlign = 8
            }, code: .malformedFile,
            reason: "block align is 8 bytes, but 2 channel(s) of 16-bit samples need 4"),
        Case(
            description: "zero channels",
            bytes: built {
                $0.channels = 0; $0.blockAlign = 0
            }, code: .malformedFile,
            reason: "declares 0 channels"),
        Case(
            description: "zero rate", bytes: built { $0.rate = 0 }, code: .malformedFile,
            reason: "sample rate of 0 Hz is not a usable rate"),
        Case(
            description: "absurd rate", bytes: built { $0.rate = 4_000_000_000 }, code: .malformedFile,
            reason: "sample rate of 4000000000 Hz"),
        Case(
            description: "block align mismatch", bytes: built { $0.blockAlign = 3 }, code: .malformedFile,
            reason: "block align is 3 bytes, but 2 channel(s) of 16-bit samples need 4"),
        Case(
            description: "no fmt chunk", bytes: built { $0.includeFmt = false }, code: .malformedFile,
            reason: "has no fmt chunk"),
        Case(
            description: "no data chunk", bytes: built { $0.includeData = false }, code: .malformedFile,
            reason: "has no data chunk"),
        Case(
            description: "fmt chunk too small",
            bytes: { Array("RIFF".utf8) + le32(16) + Array("WAVE".utf8) + WAVBuilder.chunk("fmt ", [1, 0, 1, 0]) },
            code: .malformedFile, reason: "fmt chunk is 4 bytes; a fmt chunk has at least 16"),
        Case(
            description: "fmt chunk claims 4 GiB",
            bytes: {
                Array("RIFF".utf8) + le32(16) + Array("WAVE".utf8) + Array("fmt ".utf8) + le32(0xFFFF_FFFF) + [1, 0]
            },
            code: .malformedFile, reason: "cut short"),
    ]

    @Test(arguments: cases)
    func refusesWithItsReason(testCase: Case) throws {
        // Given a file that cannot be played
        let scratch = try TemporaryDirectory()
        let path = try scratch.write("in.wav", testCase.bytes())

        // When it is opened, then it is refused with a code and a reason naming the file
        let error = try #require(throws: AudioError.self) { try WAVReader(path: path) }
        #expect(error.code == testCase.code)
        #expect(error.message.hasPrefix("in.wav: "), "\(error.message)")
        #expect(error.message.contains(testCase.reason), "\(error.message)")
    }

    @Test func aMissingFileIsAnIOErrorNamingIt() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("absent.wav")
        let error = try #require(throws: AudioError.self) { try WAVReader(path: path) }
        #expect(error.code == .io)
        #expect(error.message == "\(path): cannot open it: No such file or directory")
    }
}
