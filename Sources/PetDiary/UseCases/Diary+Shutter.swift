/// Where a shutter sound came from: the pet's own, the settings' default, or the built-in fallback.
package enum ShutterSoundSource: String, Sendable, Hashable {
    case pet, settings, builtin
}

extension Diary {
    /// The built-in sound `shutter.fire` plays when neither the pet nor the settings name one.
    package static let fallbackShutterSoundId = "clicker"

    /// The sound `shutter.fire` plays for `petId`: the pet's shutter sound, else the settings' default, else
    /// the built-in ``fallbackShutterSoundId``; with the file holding its WAV bytes.
    /// - Throws: ``DiaryError`` `.notFound` for an unknown pet.
    package func shutterSound(petId: String?) async throws -> (
        sound: Sound, source: ShutterSoundSource, file: String
    ) {
        let (sound, source) = try await store.shutterSound(petId: petId, fallback: Self.fallbackShutterSoundId)
        return (sound, source, try blobs.path(of: sound.sha256))
    }

    /// The sha256 of every sound that may be fired as a shutter sound now; prepared sounds of other bytes
    /// are stale.
    package func shutterSoundHashes() async throws -> Set<String> {
        try await store.shutterSoundHashes(fallback: Self.fallbackShutterSoundId)
    }
}
