import ArgumentParser
import JSONRPC
import ToolkitAPI

/// `toolkit shutter [--pet NAME|ID] [--device D]`: fires the shutter sound through the core.
struct ShutterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shutter",
        abstract: "Play the shutter sound at once, so the pet looks at the camera.",
        discussion: """
              toolkit shutter --pet 보리           보리's own shutter sound
              toolkit shutter -d null             the default sound, on another device
            The core plays the pet's shutterSoundId, else the settings' shutterSoundId, else the built-in \
            clicker, on --device, else the settings' soundDevice, and publishes shutter.fired for capture \
            plugins (shutter.fire). A fire while one plays restarts the sound. Prints which sound played on \
            which device; with --json, the core's result.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The pet, by name or id; the default sound without it.", valueName: "name|id"))
    var pet: String?
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The ALSA PCM; the settings' soundDevice without it.", valueName: "pcm"))
    var device: String?

    func run() async throws {
        try await withCore(global) { core in
            var petId: String?
            if let pet { petId = try await core.petId(for: pet) }
            guard let fired = try await core.call(ShutterFire.self, .init(petId: petId, device: device)) else { return }
            let chosen =
                switch fired.source {
                case "pet": "the pet's sound"
                case "settings": "the settings' default sound"
                default: "the built-in default"
                }
            let title = (try? await core.client.call(SoundsGet.self, .init(id: fired.soundId)))?.title
            print("Played \(title.map { "\($0) (\(fired.soundId))" } ?? fired.soundId), \(chosen), on \(fired.device)")
        }
    }
}
