import Media
package import PetDiary
package import ToolkitAPI

extension DiarySnapshot {
    /// How many records of each kind the snapshot holds: what a bundle of it or a diary restored from it holds.
    package var recordCounts: RecordCounts {
        RecordCounts(
            pets: pets.count, albums: albums.count, photos: photos.count, entries: entries.count,
            sounds: sounds.count, notes: notes.count)
    }

    /// What a bundle of the snapshot, or a diary restored from it, holds as `export.create` and `archive.restore`
    /// count it: the videos apart from the still photos, both photo records, and `files` files.
    package func bundleCounts(files: Int) -> ExportCreate.Result.Counts {
        let videos = photos.count { MediaType.isVideo($0.mediaType) }
        var kinds = recordCounts
        kinds.photos -= videos
        return ExportCreate.Result.Counts(kinds, videos: videos, files: files)
    }
}
