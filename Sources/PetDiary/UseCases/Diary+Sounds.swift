#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Audio
package import Logging
import Media

/// Where the bytes of a sound to import come from.
package enum SoundSource: Sendable, Hashable {
    /// A WAV file on the core's machine: an absolute path.
    case file(String)
    /// The bytes of a WAV file, base64-encoded.
    case base64(String)
}

extension Diary {
    /// The largest WAV file accepted: 10 minutes of 48 kHz 24-bit stereo fit, with room.
    package static let maximumSoundBytes: Int64 = 256 << 20

    /// Imports a WAV file as a sound and publishes `sound.imported`. The file is checked by the WAV
    /// reader before anything is stored.
    /// - Throws: ``DiaryError`` `.invalid` naming `path` or `data` for a relative path, bytes that are not
    ///   base64, or a file that is not a WAV the toolkit can play (`reason` `malformed-wav` or
    ///   `unsupported-wav`, with the reader's words), and for the title; ``MediaError`` for a missing,
    ///   unreadable or too large file.
    package func importSound(from source: SoundSource, title: String) async throws -> Sound {
        let field: String
        let shown: String
        let staged: StagedBlob
        switch source {
        case .file(let path):
            field = "path"
            shown = "'\(path)'"
            guard path.hasPrefix("/") else {
                throw DiaryError(
                    .invalid,
                    "path '\(path)' is relative; give an absolute path (the core's working directory is not yours).",
                    field: field)
            }
            staged = try await MediaError.naming(field) {
                try await blobs.stage(fileAt: path, limit: Self.maximumSoundBytes)
            }
        case .base64(let text):
            field = "data"
            shown = "data"
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw DiaryError(
                    .invalid, "data is not base64; send the WAV file's bytes base64-encoded.", field: field)
            }
            staged = try await MediaError.naming(field) {
                try await blobs.stage(bytes: [UInt8](data), limit: Self.maximumSoundBytes)
            }
        }
        do {
            let info = try Self.readWAV(at: staged.temporaryPath, field: field, shown: shown)
            // The record (its title checked) before the blob is published: a refused one leaves no blob behind.
            let new = try Sound.new(
                title: title, kind: .imported, sha256: staged.sha256, bytes: staged.size,
                durationSeconds: info.duration, rate: info.format.rate, channels: info.format.channels,
                bits: info.validBitsPerSample ?? info.format.sampleFormat.bitsPerSample)
            let blob = try await blobs.publish(staged)
            defer { blob.release() }
            let sound = try await store.sounds.insert(new)
            events.publish(.soundImported(sound))
            return sound
        } catch {
            blobs.discard(staged)
            throw error
        }
    }

    /// Gives a sound a new title and publishes `sound.updated`.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`, `.conflict` for a built-in sound.
    package func renameSound(id: String, title: String) async throws -> Sound {
        let sound = try await store.sounds.rename(id: id, title: title)
        events.publish(.soundUpdated(sound))
        return sound
    }

    /// Deletes a sound (see ``DiaryStore/deleteSound(id:force:)``), removes its file when nothing else
    /// uses the bytes, publishes `pet.updated` for each pet that used it and `sound.deleted`.
    /// - Throws: ``DiaryError`` `.notFound`, `.conflict`.
    package func deleteSound(id: String, force: Bool, logger: Logger) async throws {
        let (result, clearedPets) = try await store.sounds.delete(id: id, force: force)
        for pet in clearedPets { events.publish(.petUpdated(pet)) }
        await finishDeletion(result, publishing: .soundDeleted(id: id), logger: logger)
    }

    /// The file holding a sound's WAV bytes.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func soundFile(id: String) async throws -> String {
        try blobs.path(of: try await store.sounds.get(id: id).sha256)
    }

    /// The header of the WAV file at `path`, read by the Audio library's reader.
    /// - Parameter shown: what the error calls the file: the user's path, not the staged copy's.
    private static func readWAV(at path: String, field: String, shown: String) throws -> WAVInfo {
        do {
            return try WAVReader(path: path).info
        } catch let error as AudioError {
            let reason = error.code == .unsupportedFormat ? "unsupported-wav" : "malformed-wav"
            var words = error.message
            let stagedName = String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
            for prefix in [path + ": ", stagedName + ": "] where words.hasPrefix(prefix) {
                words.removeFirst(prefix.count)
            }
            throw DiaryError(
                .invalid, "\(shown) is not a WAV file the toolkit can play: \(words)", field: field, reason: reason)
        }
    }
}
