import Testing

@testable import Audio
import ToolkitTestSupport

/// Files built by code with extra chunks, odd sizes and the lies streaming writers tell.
@Suite struct WAVReaderLayoutTests {
    struct Case: CustomStringConvertible, Sendable {
        var description: String
        var build: @Sendable (inout WAVBuilder) -> Void
        /// A word the reader's notes must contain, if the case is odd.
        var note: String?
        /// Whether sox reads this file the same way (sox 14.4.2 reads nothing for a data size of 0, and
        /// cannot find a data chunk that comes before fmt).
        var soxAgrees = true
    }

    static let samples = testSamples(bits: 16, float: false, count: 2 * 300)

    static let cases: [Case] = [
        Case(description: "plain", build: { _ in }),
        Case(
            description: "LIST, bext and JUNK before fmt and data",
            build: {
                $0.chunksBeforeFmt = [("JUNK", [UInt8](repeating: 0, count: 28))]
                $0.chunksBeforeData = [("LIST", Array("INFOISFT\u{5}\0\0\0toolk\0".utf8)), ("bext", [1, 2, 3])]
            }),
        Case(
            description: "cue, fact and odd-sized chunks after data",
            build: { $0.chunksAfterData = [("cue ", [1, 2, 3, 4, 5]), ("fact", [9, 9, 9, 9]), ("LIST", [7])] }),
        Case(description: "data before fmt (sox cannot read it)", build: { $0.dataFirst = true }, soxAgrees: false),
        Case(description: "wrong RIFF size", build: { $0.riffSize = 12 }, note: "RIFF header says"),
        Case(
            description: "data size 0xFFFFFFFF from a streaming writer",
            build: { $0.dataSize = 0xFFFF_FFFF }, note: "0xFFFFFFFF"),
        Case(
            description: "data size 0 from a streaming writer", build: { $0.dataSize = 0 }, note: "data size is 0",
            soxAgrees: false),
        Case(
            description: "data size past the end of the file", build: { $0.dataSize = 1_000_000 },
            note: "only 1200 follow"),
        Case(
            description: "partial last frame",
            build: { $0.samples += [1, 2, 3] }, note: "partial frame"),
        Case(
            description: "extensible PCM",
            build: { $0.extensibleSubFormat = 1 }),
    ]

    @Test(arguments: cases)
    func readsTheSamplesWhereverTheyStand(testCase: Case) async throws {
        // Given a file laid out as the case says
        let scratch = try TemporaryDirectory()
        var builder = WAVBuilder(channels: 2, rate: 22_050, bits: 16, samples: Self.samples)
        testCase.build(&builder)
        let path = try scratch.write("in.wav", builder.bytes())

        // When we read it
        let reader = try WAVReader(path: path)
        let samples = try reader.readSamples(maximumFrames: .max)

        // Then we get exactly the 300 stereo frames, and the oddity is reported
        let expected = Self.samples.withUnsafeBytes { SampleDecoder.int32Samples(from: $0, format: .signed16) }
        #expect(reader.info.frameCount == 300)
        #expect(samples == expected)
        if let note = testCase.note {
            #expect(reader.info.notes.contains { $0.contains(note) }, "notes: \(reader.info.notes)")
        } else {
            #expect(reader.info.notes.isEmpty, "notes: \(reader.info.notes)")
        }
        if testCase.soxAgrees {
            await #expect(try Sox.samples(path) == samples)
        }
    }

    @Test func readsInSmallBuffersAcrossTheWholeFile() throws {
        // Given a file of 300 frames
        let scratch = try TemporaryDirectory()
        let path = try scratch.write("in.wav", WAVBuilder(channels: 2, bits: 16, samples: Self.samples).bytes())
        let reader = try WAVReader(path: path)

        // When it is read 7 frames at a time
        var bytes: [UInt8] = []
        while true {
            let chunk = try reader.readBytes(maximumFrames: 7)
            if chunk.isEmpty { break }
            #expect(chunk.count <= 7 * 4)
            bytes += chunk
        }

        // Then the pieces join into the data, and rewinding starts over
        #expect(bytes == Self.samples)
        reader.rewind()
        #expect(try reader.readBytes(maximumFrames: 1) == Array(Self.samples[0..<4]))
    }

    @Test func aHeaderClaimingGigabytesInASmallFileReadsOnlyWhatIsThere() throws {
        // Given a 1 KiB file whose data chunk claims almost 4 GiB
        let scratch = try TemporaryDirectory()
        let samples = testSamples(bits: 16, float: false, count: 490)
        let path = try scratch.write(
            "liar.wav", WAVBuilder(channels: 1, bits: 16, samples: samples, dataSize: 0xFFFF_FFF0).bytes())

        // When all of it is asked for
        let reader = try WAVReader(path: path)
        let read = try reader.readSamples(maximumFrames: .max)

        // Then only the samples present are returned (nothing sized from the header is allocated)
        #expect(reader.info.dataByteCount == 980)
        #expect(read.count == 490)
    }
}
