import ArgumentParser

/// `toolkit sound …`: WAV files, ALSA devices and the built-in shutter sounds.
struct SoundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sound",
        abstract: "Play, record and inspect WAV files; list ALSA devices; write the built-in sounds.",
        subcommands: [
            SoundList.self,
            SoundImport.self,
            SoundPlay.self,
            SoundStop.self,
            SoundRename.self,
            SoundDelete.self,
            SoundRecord.self,
            SoundDevices.self,
            SoundInfo.self,
            SoundBuiltin.self,
            SoundDecode.self,
        ]
    )
}
