import Foundation
import Testing
import ToolkitTestSupport

/// `toolkit doctor` opens ALSA's default device for playback and capture rather than trusting a list of names,
/// and says what to do when it cannot: ALSA is pointed at a configuration whose default is missing or `null`.
struct DoctorALSATests {
    /// The doctor's `alsa` line, with ALSA's configuration ending in `defaultPCM`, no core on the socket.
    private func alsaLine(defaultPCM: String) async throws -> String {
        let scratch = try TemporaryDirectory()
        let configuration = scratch.appending("default.conf")
        try "pcm.!default { \(defaultPCM) }\n".write(toFile: configuration, atomically: true, encoding: .utf8)
        let result = try await runToolkit(
            ["doctor", "--socket", scratch.appending("none.sock"), "--data-dir", scratch.appending("data")],
            environment: ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + configuration, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "a missing sound card is a warning: \(result.stdout)\(result.stderr)")
        return try #require(result.stdout.split(separator: "\n").first { $0.contains("alsa:") }.map(String.init))
    }

    @Test func aDefaultDeviceThatCannotBeOpenedIsAWarningThatSaysWhatToDo() async throws {
        let line = try await alsaLine(defaultPCM: "type hw card 77")
        #expect(line.hasPrefix("warn  alsa: "), "\(line)")
        #expect(line.contains("the default device cannot play or record: ALSA device \"default\""), "\(line)")
        #expect(line.contains("toolkit call settings.set soundDevice=null captureDevice=null"), "\(line)")
    }

    @Test func aDefaultDeviceThatOpensIsOk() async throws {
        let line = try await alsaLine(defaultPCM: "type null")
        #expect(line.hasPrefix("ok    alsa: "), "\(line)")
        #expect(line.hasSuffix("the default device plays and records"), "\(line)")
    }
}
