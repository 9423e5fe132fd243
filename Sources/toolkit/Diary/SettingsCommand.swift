import ArgumentParser
import JSONRPC
import ToolkitAPI

/// `toolkit settings` and `toolkit settings set KEY VALUE`: the diary's settings, as `settings.get` and
/// `settings.set` keep them.
struct SettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show the diary's settings, or change one.",
        discussion: """
              toolkit settings                              every setting and its value
              toolkit settings set titleLimit 20
              toolkit settings set themeColor '#3366FF'
              toolkit settings set shutterSoundId 삑삑       by title or id ("" for none)
            Settings live in the diary (they go into archives and bundles); the core's own configuration is \
            the config file (see toolkit doctor).
            """,
        subcommands: [Show.self, Set.self],
        defaultSubcommand: Show.self
    )

    /// The settings a person can change, in the order they are shown.
    static let keys = [
        "diaryName", "themeColor", "defaultOrder", "titleLimit", "bodyLimit", "shutterSoundId", "soundDevice",
        "captureDevice",
    ]

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show every setting.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await withCore(global) { core in
                guard let settings = try await core.call(SettingsGet.self, NoParams()) else { return }
                var sound = settings.shutterSoundId ?? ""
                if let id = settings.shutterSoundId,
                    let named = try? await core.client.call(SoundsGet.self, .init(id: id))
                {
                    sound = "\(named.title) (\(id))"
                }
                let values = [
                    settings.diaryName, settings.themeColor, settings.defaultOrder, String(settings.titleLimit),
                    String(settings.bodyLimit), sound, settings.soundDevice, settings.captureDevice,
                ]
                print(TextTable.render(["SETTING", "VALUE"], zip(SettingsCommand.keys, values).map { [$0, $1] }))
            }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change one setting.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The setting: \(SettingsCommand.keys.joined(separator: ", ")).", valueName: "key"))
        var key: String
        @Argument(help: "Its new value.") var value: String

        func validate() throws {
            guard SettingsCommand.keys.contains(key) else {
                let near = SettingsCommand.keys.first { $0.lowercased() == key.lowercased() }
                throw ValidationError(
                    "\(key) is not a setting\(near.map { "; did you mean \($0)?" } ?? ".") The settings are "
                        + SettingsCommand.keys.joined(separator: ", ") + ".")
            }
            if key == "titleLimit" || key == "bodyLimit", Int(value) == nil {
                throw ValidationError("\(key) is a number of characters, e.g. 20; '\(value)' is not a number.")
            }
        }

        func run() async throws {
            try await withCore(global) { core in
                var params = SettingsSet.Params()
                switch key {
                case "diaryName": params.diaryName = value
                case "themeColor": params.themeColor = value
                case "defaultOrder": params.defaultOrder = value
                case "titleLimit": params.titleLimit = Int(value)
                case "bodyLimit": params.bodyLimit = Int(value)
                case "shutterSoundId": params.shutterSoundId = value.isEmpty ? "" : try await core.soundId(for: value)
                case "soundDevice": params.soundDevice = value
                default: params.captureDevice = value
                }
                guard try await core.call(SettingsSet.self, params) != nil else { return }
                printError("\(key) is now \(value.isEmpty ? "unset" : value).")
            }
        }
    }
}
