import ArgumentParser
import Archiving
import Audio
import Foundation
import JSONRPC
import ToolkitCore

/// `toolkit doctor`: checks what the toolkit needs and says what to do about anything wrong.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the socket, the data directory and versions; exit 70 if something is wrong.",
        discussion: """
            Each line is one check: 'ok', 'warn' (works, but look) or 'FAIL' (with what to do). With a core \
            running, its plugins too: a failed one, or one that reports a warning (backup-copy's destination \
            that misses archives), is a 'warn'. When no core is running, the doctor opens the data directory \
            itself and also checks the database (PRAGMA integrity_check) and the blob store. The last line is the \
            web app: toolkit-web beside toolkit, its token file private, and whether it answers at --web (not \
            running is ok; another program on that port is a 'warn'). With --json, one JSON object. Exit \
            status: 0 when every check is ok or warn, 70 when one failed.

            Examples:
              toolkit doctor
              toolkit doctor --json | python3 -m json.tool
              toolkit doctor --socket /tmp/pets.sock
              toolkit doctor --web 127.0.0.1:9000
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Where the web app is expected to listen (toolkit web's --listen).", valueName: "host:port"))
    var web = "127.0.0.1:8737"

    struct Check: Encodable {
        var name: String
        var status: String
        var detail: String
    }

    func run() async throws {
        var checks: [Check] = [Check(name: "toolkit", status: "ok", detail: "version \(ToolkitVersion.current)")]
        let (core, coreInfo) = await socketCheck()
        checks.append(core)
        if coreInfo != nil { checks += await pluginChecks() }
        checks.append(dataDirectoryCheck(coreInfo: coreInfo))
        if core.status == "warn" && core.detail.hasPrefix(Self.notRunning) { checks += await offlineChecks() }
        checks.append(Check(name: "libzstd", status: "ok", detail: "version \(ZstdVersion.current)"))
        checks.append(alsaCheck())
        checks.append(await ffmpegCheck(coreInfo: coreInfo))
        checks.append(webCheck())
        if global.json {
            let data = try JSONEncoder().encode(["checks": checks])
            print(String(decoding: data, as: UTF8.self))
        } else {
            for check in checks {
                print(
                    "\(check.status.padding(toLength: 4, withPad: " ", startingAt: 0))  \(check.name): \(check.detail)")
            }
        }
        if checks.contains(where: { $0.status == "FAIL" }) { throw ToolkitExit.software }
    }

    /// How the core check starts when nothing listens on the socket.
    static let notRunning = "not running"

    /// The core check, and the core's `system.info` when it answered.
    private func socketCheck() async -> (Check, [String: Any]?) {
        let path = global.resolvedSocketPath
        do {
            let client = try await RPCClient.connect(to: path)
            return try await withCore(client) { client in
                let start = ContinuousClock.now
                let info = try await withTimeout(seconds: 5) { try await client.call("system.info") }
                let elapsed = ContinuousClock.now - start
                let version =
                    (JSONStructure.members(of: info.buffer)?.first { $0.key == "version" }?.value)
                    .flatMap(JSONStructure.string(in:)) ?? "unknown"
                let same = version == ToolkitVersion.current
                let object = try? JSONSerialization.jsonObject(with: Data(info.text.utf8)) as? [String: Any]
                let check = Check(
                    name: "core", status: same ? "ok" : "warn",
                    detail:
                        "answering on \(path) (version \(version), "
                        + "\(elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))))"
                        + (same ? "" : "; this toolkit is \(ToolkitVersion.current): restart the core to match"))
                return (check, object)
            }
        } catch {
            if case RPCClientError.Code.cannotConnect = error {
                let check = Check(
                    name: "core", status: "warn", detail: "\(Self.notRunning) on \(path); start it with `toolkit serve`"
                )
                return (check, nil)
            }
            return (Check(name: "core", status: "FAIL", detail: "\(path) does not answer properly: \(error)"), nil)
        }
    }

    /// ALSA is usable without a sound card (files, `null`), so a default device that cannot be opened for
    /// playback or capture is a warning that says what to do, not a failure; listing PCM names proves nothing.
    private func alsaCheck() -> Check {
        let version = "alsa-lib \(ALSAVersion.current)"
        guard let devices = try? DeviceList.pcmDevices() else {
            return Check(name: "alsa", status: "warn", detail: "\(version); cannot list PCM devices")
        }
        let names = devices.map(\.name)
        let shown = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? ", …" : "")
        let listed =
            "\(version); \(names.count) PCM device\(names.count == 1 ? "" : "s")" + (names.isEmpty ? "" : ": \(shown)")
        let playback = DeviceProbe.problem(opening: "default", capture: false)
        let capture = DeviceProbe.problem(opening: "default", capture: true)
        guard playback != nil || capture != nil else {
            return Check(name: "alsa", status: "ok", detail: listed + "; the default device plays and records")
        }
        let cannot = [playback == nil ? nil : "play", capture == nil ? nil : "record"].compactMap { $0 }
        let reason = (playback ?? capture ?? "").components(separatedBy: "; run `toolkit sound devices`")[0]
        return Check(
            name: "alsa", status: "warn",
            detail: "\(listed); the default device cannot \(cannot.joined(separator: " or ")): "
                + "\(reason). With no sound card, sounds can go to the null device or a "
                + "file: toolkit call settings.set soundDevice=null captureDevice=null, or --device with a PCM "
                + "from toolkit sound devices; with a card, check that it is seen (aplay -l) and not muted.")
    }

    /// The data directory of the core that answered (its `system.info` says it), else the one `--data-dir` or
    /// `TOOLKIT_DATA_DIR` names, else the default: a core started with another keeps its diary there.
    private func dataDirectoryCheck(coreInfo: [String: Any]?) -> Check {
        let served = (coreInfo?["paths"] as? [String: Any])?["dataDir"] as? String
        let directory = served ?? global.resolvedDataDirectory
        var whose = served == nil ? "" : " (the core's)"
        if let served, let given = global.dataDirectory, given != served {
            whose = " (the core's; --data-dir \(given) is not the one it serves)"
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            return Check(
                name: "data", status: "warn", detail: "\(directory) does not exist yet; `toolkit serve` creates it")
        }
        guard isDirectory.boolValue else {
            return Check(
                name: "data", status: "FAIL", detail: "\(directory) is not a directory; move it away or pass --data-dir"
            )
        }
        let probe = directory + "/.doctor-\(getpid())"
        guard FileManager.default.createFile(atPath: probe, contents: Data("ok".utf8)) else {
            return Check(
                name: "data", status: "FAIL",
                detail: "\(directory) is not writable; fix its permissions or pass --data-dir")
        }
        try? FileManager.default.removeItem(atPath: probe)
        return Check(name: "data", status: "ok", detail: "\(directory) is writable\(whose)")
    }
}
