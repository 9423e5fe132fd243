import Testing

@testable import Audio
import ToolkitTestSupport

@Suite struct BuiltinSoundTests {
    /// FNV-1a over the WAV bytes: any change to the synthesis, on any machine, changes it.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    static let goldenFingerprints: [BuiltinSound: UInt64] = [
        .squeak: 1_117_082_869_494_791_332,
        .whistle: 2_906_281_160_091_325_628,
        .bell: 181_215_968_930_625_497,
        .clicker: 6_397_193_230_688_059_197,
        .chirp: 7_569_541_829_693_882_508,
    ]

    @Test(arguments: BuiltinSound.allCases)
    func isTheSameBytesOnEveryMachine(sound: BuiltinSound) {
        #expect(Self.fingerprint(sound.wavBytes()) == Self.goldenFingerprints[sound])
        #expect(sound.wavBytes() == sound.wavBytes())
    }

    @Test(arguments: BuiltinSound.allCases)
    func isShortLoudUnclippedAndFadedAtBothEnds(sound: BuiltinSound) throws {
        let samples = sound.samples()
        let seconds = Double(samples.count) / Double(BuiltinSound.format.rate)
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(seconds > 0.1 && seconds < 1.0)
        #expect(peak < 32_767, "a sample is at full scale")
        #expect(peak > 26_000, "peak \(peak) is not loud")
        #expect(samples.first == 0)
        #expect(samples.last == 0)
        #expect(samples.prefix(8).allSatisfy { abs(Int($0)) < 2_000 })
        #expect(samples.suffix(8).allSatisfy { abs(Int($0)) < 2_000 })
    }

    @Test func theSoundsAreDistinct() {
        let prints = Set(BuiltinSound.allCases.map { Self.fingerprint($0.wavBytes()) })
        #expect(prints.count == BuiltinSound.allCases.count)
        #expect(BuiltinSound.allCases.count >= 4)
    }

    @Test func soxReadsTheWrittenFile() async throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("bell.wav")
        try BuiltinSound.bell.write(to: path)
        #expect(try scratch.read(path) == BuiltinSound.bell.wavBytes())
        let samples = BuiltinSound.bell.samples().map { Int32($0) << 16 }
        await #expect(try Sox.samples(path) == samples)
    }

    @Test func anUnknownNameListsTheNamesThereAre() throws {
        let error = try #require(throws: AudioError.self) { try BuiltinSound(named: "kazoo") }
        #expect(error.code == .unknownSound)
        #expect(
            error.message
                == "there is no built-in sound named \"kazoo\"; the built-in sounds are squeak, whistle, bell, clicker,"
                + " chirp"
        )
        #expect(try BuiltinSound(named: "Bell") == .bell)
    }
}

@Suite struct DeviceListTests {
    @Test func listsTheNullPCM() throws {
        let devices = try DeviceList.pcmDevices()
        let null = try #require(devices.first { $0.name == "null" })
        #expect(null.description.contains("Discard all samples"))
    }
}
