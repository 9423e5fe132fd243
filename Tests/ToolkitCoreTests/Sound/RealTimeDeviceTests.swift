import Audio
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// The core's sounds on a device that paces in real time, unlike ALSA's `file` and `null` PCMs: PulseAudio's
/// null sink through ALSA's `pulse` PCM, with a PulseAudio daemon of the test's own.
struct RealTimeDeviceTests {
    @Test(
        .enabled(
            if: PulseDaemon.isInstalled,
            "needs pulseaudio and ALSA's pulse PCM (libasound2-plugins): make test-deps installs them"))
    func soundsPlayAndTheShutterPaceInRealTimeOnPulseAudio() async throws {
        // Given a PulseAudio daemon with a null sink, and a core whose ALSA `pulse` PCM reaches it
        let pulse = try PulseDaemon()
        defer { pulse.stop() }
        let core = try CoreProcess(environment: ["PULSE_SERVER": pulse.server])
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        #expect(try await client.call(SoundsDevices.self, .init()).items.contains { $0.name == "pulse" })

        // When the bell is played with wait, then every frame of it was written, and nothing stopped it
        let bell = try await client.call(SoundsGet.self, .init(id: "bell"))
        let bellFrames = Int64((bell.durationSeconds * Double(bell.rate)).rounded())
        let played = try await client.call(SoundsPlay.self, .init(id: "bell", device: "pulse", wait: true))
        #expect(played.finished && played.device == "pulse" && played.stopped == false, "\(played)")
        #expect(played.framesWritten == bellFrames, "\(played)")
        #expect(played.underruns != nil)

        // When a 20-second sound (longer when tests are told to be patient) is played without wait, then it is
        // still playing when sounds.stop comes (on the file PCM it would already be over). It is that long because
        // in the whole suite on two cores this test may wait many seconds for a thread between the two calls.
        let frames = 44_100 * 20 * TestPatience.factor
        var tone: [UInt8] = []
        tone.reserveCapacity(frames * 2)
        for frame in 0..<frames {
            let sample = Int16(8_000 * sin(Double(frame) * 2 * .pi * 440 / 44_100))
            tone.append(UInt8(truncatingIfNeeded: sample))
            tone.append(UInt8(truncatingIfNeeded: sample >> 8))
        }
        let files = try TemporaryDirectory()
        let writer = try WAVWriter(
            path: files.appending("tone.wav"), format: AudioFormat(sampleFormat: .signed16, rate: 44_100, channels: 1))
        try tone.withUnsafeBytes { try writer.write($0) }
        try writer.close()
        let long = try await client.call(SoundsImport.self, .init(path: files.appending("tone.wav"), title: "tone"))
        let started = try await client.call(SoundsPlay.self, .init(id: long.id, device: "pulse"))
        #expect(!started.finished)
        let stopped = try await client.call(SoundsStop.self, .init()).stopped
        #expect(stopped == 1, "the tone was no longer playing; the core logged:\n\(core.stderrText())")

        // When the shutter fires twice in a row on it, then both are answered (the second restarts the sound)
        for _ in 0..<2 {
            let fired = try await client.call(ShutterFire.self, .init(device: "pulse"))
            #expect(fired.device == "pulse" && fired.soundId == "clicker" && fired.latencyMs > 0)
        }
    }
}

/// A PulseAudio daemon of the test's own: a private runtime directory, a native socket that takes clients
/// without a cookie, and a null sink; stopped by its pid.
private final class PulseDaemon: Sendable {
    /// Whether `pulseaudio` and ALSA's `pulse` PCM plugin are installed.
    static var isInstalled: Bool {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let daemon = paths.contains { FileManager.default.isExecutableFile(atPath: "\($0)/pulseaudio") }
        let plugin = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib"].contains {
            FileManager.default.fileExists(atPath: "\($0)/alsa-lib/libasound_module_pcm_pulse.so")
        }
        return daemon && plugin
    }

    /// `PULSE_SERVER` for a client of this daemon.
    let server: String
    private let directory: TemporaryDirectory
    private let child: ChildProcess

    /// Starts the daemon and waits (up to 10 s) for its socket.
    /// - Throws: ``TestFailure`` with what it logged when it does not come up.
    init() throws {
        directory = try TemporaryDirectory()
        chmod(directory.path, 0o700)
        let socket = directory.appending("native")
        server = "unix:" + socket
        let log = directory.appending("pulse.log")
        let descriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(descriptor) }
        // As root PulseAudio warns that it is meant for a user session, and runs.
        child = try ChildProcess(
            "pulseaudio",
            [
                "--daemonize=no", "--system=no", "-n", "--exit-idle-time=-1", "--use-pid-file=no",
                "--log-target=stderr", "--load=module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
                "--load=module-null-sink sink_name=toolkit_test",
            ],
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
                "XDG_RUNTIME_DIR": directory.path,
            ], standardError: descriptor)
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard !child.hasExited, ContinuousClock.now < deadline else {
                child.stop(signal: SIGKILL)
                let text = String(decoding: (try? directory.read(log)) ?? [], as: UTF8.self)
                throw TestFailure("pulseaudio did not open its socket: \(text)")
            }
            usleep(10_000)
        }
    }

    func stop() {
        _ = child.stop(signal: SIGTERM, timeout: .seconds(5))
    }
}
