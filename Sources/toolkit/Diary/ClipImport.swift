import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// The `--video` files of `diary add` and `diary edit`: checked before anything changes, then imported into one
/// album, each said on stderr with its id (stdout stays the entry's id alone), and taken back when the entry
/// is then refused.
struct ClipImport {
    /// The paths as the user gave them.
    let paths: [String]

    /// What ``run(_:album:petId:owner:)`` imported, and what it added to the diary for it.
    struct Imported {
        /// The clips' records, in the order of the paths.
        var clips: [PhotoRecord] = []
        /// The album Videos, when it was made for them.
        var madeAlbum: String?

        /// Deletes the clips that were imported anew (not those already there) and the album made for them, so
        /// that a command refused after the import changes nothing, and says so on stderr.
        func withdraw(_ core: CoreCall) async {
            var withdrawn: [String] = []
            for clip in clips where clip.duplicate != true {
                if (try? await core.client.call(PhotosDelete.self, .init(id: clip.id))) != nil {
                    withdrawn.append(clip.id)
                }
            }
            if let madeAlbum { _ = try? await core.client.call(AlbumsDelete.self, .init(id: madeAlbum)) }
            if !withdrawn.isEmpty {
                printError("Took back clip \(withdrawn.joined(separator: ", ")): the entry was refused.")
            }
        }
    }

    /// Refuses a path that is not a readable file, before anything is changed.
    /// - Throws: `ValidationError` naming the path and `--video`.
    func check() throws {
        for video in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: video, isDirectory: &isDirectory), !isDirectory.boolValue
            else {
                throw ValidationError("There is no file \(video) (--video); give the path of a clip.")
            }
            guard FileManager.default.isReadableFile(atPath: video) else {
                throw ValidationError("Cannot read \(video) (--video): permission denied.")
            }
        }
    }

    /// Imports the files, in order.
    /// - Parameters:
    ///   - album: the album they go into (--album), by title or id, among the pet `petId`'s (--pet) when given.
    ///   - owner: without `album`, the pet whose first album they go into (a new album Videos when it has none).
    /// - Throws: `ValidationError` when there is neither an album nor an owner, or the album is not found.
    func run(_ core: CoreCall, album: String?, petId: String?, owner: String?) async throws -> Imported {
        guard !paths.isEmpty else { return Imported() }
        var imported = Imported()
        let albumId: String
        if let album {
            albumId = try await core.albumId(for: album, petId: petId)
        } else if let owner {
            (albumId, imported.madeAlbum) = try await Self.videoAlbum(core, petId: owner)
        } else {
            throw ValidationError("--video needs --pet or --album, to know which album the video goes into.")
        }
        let title = try await core.raw(AlbumsGet.name, params: RawJSON(encoding: AlbumsGet.Params(id: albumId)))
            .decode(AlbumRecord.self).title
        for video in paths {
            let path = URL(fileURLWithPath: video).standardizedFileURL.path
            // The core reads the file. Called raw, not through `call`, which prints the result and returns nil
            // under --json: the id is needed whatever the output.
            let clip = try await core.raw(
                PhotosImport.name, params: RawJSON(encoding: PhotosImport.Params(albumId: albumId, path: path))
            ).decode(PhotoRecord.self)
            let length = clip.durationSeconds.map { " (\(VideoClock.text(seconds: $0)))" } ?? ""
            if clip.duplicate == true {
                printError("\(video) is already clip \(clip.id)\(length) in the album \(title); it is used as it is.")
            } else {
                printError("Imported clip \(clip.id)\(length) from \(video) into the album \(title).")
            }
            imported.clips.append(clip)
        }
        return imported
    }

    /// The pet's first album, or a new one titled Videos when it has none (then its id is `made` too).
    private static func videoAlbum(_ core: CoreCall, petId: String) async throws -> (id: String, made: String?) {
        let albums = try await core.raw(
            AlbumsList.name, params: RawJSON(encoding: AlbumsList.Params(petId: petId, order: "oldest", limit: 1)))
        if let first = try albums.decode(AlbumsList.Result.self).items.first { return (first.id, nil) }
        let made = try await core.raw(
            AlbumsCreate.name, params: RawJSON(encoding: AlbumsCreate.Params(title: "Videos", petId: petId)))
        let id = try made.decode(AlbumRecord.self).id
        return (id, id)
    }
}
