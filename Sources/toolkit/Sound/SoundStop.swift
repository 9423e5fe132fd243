import ArgumentParser
import JSONRPC
import ToolkitAPI

/// `toolkit sound stop`: stops what the core plays.
struct SoundStop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop",
        abstract: "Stop every sound the core is playing (sound play by id, shutter).")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await withCore(global) { core in
            guard let result = try await core.call(SoundsStop.self, .init()) else { return }
            print("Stopped \(counted(result.stopped, "sound"))")
        }
    }
}
