import ChildProcesses
import Foundation
import Testing

@testable import Audio
import ToolkitTestSupport

/// `toolkit sound …`, run as the built binary: stdout, stderr and exit status.
@Suite struct SoundCLITests {
    @Test func builtinWritesTheSoundsBytes() async throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("bell.wav")
        let outcome = try await ToolkitBinary.run(["sound", "builtin", "bell", "-o", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "Wrote bell (0.90 s, 16-bit signed PCM, 44100 Hz, mono) to \(path)\n")
        #expect(try scratch.read(path) == BuiltinSound.bell.wavBytes())
    }

    @Test func builtinWithoutANameListsTheSounds() async throws {
        let outcome = try await ToolkitBinary.run(["sound", "builtin"])
        #expect(outcome.status == 0)
        let names = outcome.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(names == ["squeak", "whistle", "bell", "clicker", "chirp"])
    }

    @Test func builtinWithAnUnknownNameFails() async throws {
        let scratch = try TemporaryDirectory()
        let outcome = try await ToolkitBinary.run(["sound", "builtin", "kazoo", "-o", scratch.appending("x.wav")])
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("there is no built-in sound named \"kazoo\"; the built-in sounds are squeak"))
    }

    @Test func infoShowsTheFormatAndWhatIsOdd() async throws {
        let scratch = try TemporaryDirectory()
        var builder = WAVBuilder(
            channels: 2, rate: 22_050, bits: 24, samples: testSamples(bits: 24, float: false, count: 2 * 2_205))
        builder.dataSize = 0xFFFF_FFFF
        builder.chunksBeforeData = [("LIST", [1, 2, 3, 4])]
        let path = try scratch.write("stream.wav", builder.bytes())
        let outcome = try await ToolkitBinary.run(["sound", "info", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(
            outcome.stdout == """
                file: \(path)
                format: 24-bit signed PCM, 22050 Hz, stereo
                format tag: 1 (PCM)
                frames: 2205
                duration: 0.100 s
                data: 13230 bytes at offset 56
                chunks: fmt, LIST, data
                odd: the data size is 0xFFFFFFFF (as a streaming writer leaves it); reading to the end of the file

                """)
    }

    @Test func infoRefusesAnALawFileWithTheFix() async throws {
        let scratch = try TemporaryDirectory()
        var builder = WAVBuilder(channels: 1, bits: 8, samples: [1, 2, 3, 4])
        builder.formatTag = 6
        let path = try scratch.write("alaw.wav", builder.bytes())
        let outcome = try await ToolkitBinary.run(["sound", "info", path])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "Error: alaw.wav: A-law (format 6) is not supported; convert it with `sox alaw.wav -e signed -b 16 "
                + "out.wav`\n"
        )
    }

    @Test func playWritesTheSamplesToTheFilePCM() async throws {
        let scratch = try TemporaryDirectory()
        let samples = testSamples(bits: 16, float: false, count: 2 * 4_410)
        let input = try scratch.write(
            "in.wav", WAVBuilder(channels: 2, rate: 44_100, bits: 16, samples: samples).bytes())
        let output = scratch.appending("out.raw")
        let device = "file:'\(output)',raw"
        let outcome = try await ToolkitBinary.run(["sound", "play", input, "--device", device])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "Played 0.10 s of \(input) (16-bit signed PCM, 44100 Hz, stereo) on \(device)\n")
        #expect(try scratch.read(output) == samples)
    }

    @Test func playOnAnUnknownDeviceSaysSoWithoutALSANoise() async throws {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.wav", WAVBuilder(samples: [0, 0, 0, 0]).bytes())
        let outcome = try await ToolkitBinary.run(["sound", "play", input, "-d", "no_such_pcm"])
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "Error: ALSA device \"no_such_pcm\": cannot open it for playback: No such file or directory "
                + "(ALSA says: Unknown PCM no_such_pcm); run `toolkit sound devices` to list the PCM names ALSA knows\n"
        )
    }

    @Test func recordCapturesFromAFilePCMDefinedInAnALSAConfigFile() async throws {
        // Given raw input and an ALSA configuration file defining a capture PCM that reads it
        let scratch = try TemporaryDirectory()
        let samples = testSamples(bits: 16, float: false, count: 2 * 800)
        let input = try scratch.write("in.raw", samples)
        let configuration = scratch.appending("capture.conf")
        try """
        pcm.fromfile { type file slave.pcm null file "\(scratch.appending("tee.raw"))" infile "\(input)" format raw }
        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let output = scratch.appending("out.wav")

        // When 0.1 s of 8 kHz stereo are recorded from it
        let outcome = try await ToolkitBinary.run([
            "sound", "record", output, "--seconds", "0.1", "--rate", "8000", "--channels", "2",
            "--device", "fromfile", "--alsa-config", configuration,
        ])

        // Then the WAV holds the input
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "Recorded 0.10 s (16-bit signed PCM, 8000 Hz, stereo) from fromfile into \(output)\n")
        #expect(try WAVReader(path: output).readBytes(maximumFrames: .max) == samples)
    }

    @Test func recordRefusesBadArgumentsBeforeTouchingTheDevice() async throws {
        let scratch = try TemporaryDirectory()
        let outcome = try await ToolkitBinary.run([
            "sound", "record", scratch.appending("x.wav"), "--seconds", "1", "--bits", "20",
        ])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--bits must be 16 or 24, not 20"))
        #expect(!FileManager.default.fileExists(atPath: scratch.appending("x.wav")))
    }

    @Test func aRecordingKilledMidwayStillOpensInSox() async throws {
        // Given a long recording, fed as the test goes
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("killed.wav")
        let recording = try PacedRecording(scratch: scratch, output: output)
        let process = recording.child

        // When it is killed with SIGKILL once it has written something
        recording.waitForOutput(output, bytes: 16 * 1024)
        #expect(!process.hasExited, "the recording ended before it could be killed")
        process.send(SIGKILL)
        #expect(process.wait().termination == .signalled(SIGKILL))

        // Then sox opens it and agrees with our reader on its length
        let soxi = try await Command.run("soxi", ["-s", output])
        #expect(soxi.status == 0, "\(soxi.stderr)")
        let frames = try WAVReader(path: output).info.frameCount
        #expect(frames > 0)
        #expect(soxi.stdout == "\(frames)\n")
    }

    @Test func ctrlCStopsARecordingAndLeavesAFinishedWAV() async throws {
        // Given a long recording, fed as the test goes
        let scratch = try TemporaryDirectory()
        let output = scratch.appending("stopped.wav")
        let stdout = Pipe()
        let recording = try PacedRecording(scratch: scratch, output: output, standardOutput: stdout)
        let process = recording.child

        // When it gets SIGINT (Ctrl-C) once it has written something
        recording.waitForOutput(output, bytes: 16 * 1024)
        #expect(!process.hasExited, "the recording ended before it could be stopped")
        process.send(SIGINT)
        let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        // Then it exits normally, says it stopped, and the WAV is complete: sizes right, nothing odd
        #expect(process.wait().termination == .exited(0))
        #expect(printed.hasPrefix("Stopped after "), "\(printed)")
        let reader = try WAVReader(path: output)
        #expect(reader.info.notes.isEmpty, "\(reader.info.notes)")
        #expect(try await Command.run("soxi", ["-s", output]).stdout == "\(reader.info.frameCount)\n")
    }

    @Test func decodeGivesSoxsSamples() async throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.appending("in.wav")
        _ = try await Sox.run([
            "-D", "-n", "-r", "11025", "-c", "2", "-b", "24", path, "synth", "0.2", "sine", "300", "sine", "500",
        ])
        let outcome = try await ToolkitBinary.run(["sound", "decode", path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        await #expect(
            outcome.standardOutput == (try Sox.run(["-D", path, "-t", "raw", "-e", "signed", "-b", "32", "-"])))
    }

    @Test func devicesListsTheNullPCM() async throws {
        let outcome = try await ToolkitBinary.run(["sound", "devices"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.split(separator: "\n").contains { $0.hasPrefix("null\t") })
    }
}
