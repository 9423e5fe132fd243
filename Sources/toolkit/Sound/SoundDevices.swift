import ArgumentParser
import Audio

/// `toolkit sound devices`: the PCMs ALSA's device hints list.
struct SoundDevices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the ALSA PCM devices (names to pass as --device).")

    func run() async throws {
        for device in try DeviceList.pcmDevices() {
            let direction = device.direction.map { " [\($0.lowercased()) only]" } ?? ""
            print("\(device.name)\t\(device.description)\(direction)")
        }
    }
}
