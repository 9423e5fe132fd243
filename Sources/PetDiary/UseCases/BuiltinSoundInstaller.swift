import Audio
package import Media

/// Puts the built-in shutter sounds in the diary: their ids are their names (`squeak`…) and their bytes,
/// made by code, the same on every machine.
package struct BuiltinSoundInstaller: Sendable {
    let store: DiaryStore
    let blobs: BlobStore

    package init(store: DiaryStore, blobs: BlobStore) {
        self.store = store
        self.blobs = blobs
    }

    /// Records the built-in sounds that are missing, rows or bytes. Run before the core serves; cheap when
    /// all are there.
    package func install() async throws {
        let recordedHashes = try await store.sounds.builtinHashes()
        for builtin in BuiltinSound.allCases {
            let recordedHash = recordedHashes[builtin.rawValue]
            let recorded = recordedHash != nil
            if let recordedHash, try blobs.contains(recordedHash) { continue }
            let bytes = builtin.wavBytes()
            let staged = try await blobs.stage(bytes: bytes)
            let blob: Blob
            do {
                blob = try await blobs.publish(staged)
            } catch {
                blobs.discard(staged)
                throw error
            }
            defer { blob.release() }
            guard !recorded else { continue }
            let format = BuiltinSound.format
            let frames = (bytes.count - WAVWriter.headerSize) / format.bytesPerFrame
            _ = try await store.sounds.insert(
                Sound.new(
                    title: builtin.rawValue, kind: .builtin, sha256: blob.sha256, bytes: blob.size,
                    durationSeconds: Double(frames) / Double(format.rate), rate: format.rate, channels: format.channels,
                    bits: format.sampleFormat.bitsPerSample, id: builtin.rawValue))
        }
    }
}
