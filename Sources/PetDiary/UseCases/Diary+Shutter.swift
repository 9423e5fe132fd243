import Media
/// Where a shutter sound came from: the pet's own, the settings' default, or the built-in fallback.
package enum ShutterSoundSource: String, Sendable, Hashable {
    case pet, settings, builtin
}

/// The sound `shutter.fire` plays, why, where its bytes are, and the device the settings name.
package struct ShutterSoundChoice: Sendable, Hashable {
    package var sound: Sound
    package var source: ShutterSoundSource
    /// The settings' `soundDevice`, for a fire that names no device.
    package var soundDevice: String
    /// The file holding the sound's WAV bytes.
    package var file: String = ""
}

extension Diary {
    /// The built-in sound `shutter.fire` plays when neither the pet nor the settings name one.
    package static let fallbackShutterSoundId = "clicker"

    /// The sound `shutter.fire` plays for `petId`: the pet's shutter sound, else the settings' default, else
    /// the built-in ``fallbackShutterSoundId``; with the file holding its WAV bytes and the settings' device,
    /// all from one read.
    /// - Throws: ``DiaryError`` `.notFound` for an unknown pet.
    package func shutterSound(petId: String?) async throws -> ShutterSoundChoice {
        var choice = try await store.sounds.shutterSound(petId: petId, fallback: Self.fallbackShutterSoundId)
        choice.file = try blobs.path(of: choice.sound.sha256)
        return choice
    }

    /// The sha256 of every sound that may be fired as a shutter sound now; prepared sounds of other bytes
    /// are stale.
    package func shutterSoundHashes() async throws -> Set<String> {
        try await store.sounds.shutterSoundHashes(fallback: Self.fallbackShutterSoundId)
    }
}
