import PetDiary
import ToolkitAPI

extension DiarySnapshot {
    /// How many records of each kind the snapshot holds: what a bundle of it or a diary restored from it holds.
    var recordCounts: RecordCounts {
        RecordCounts(
            pets: pets.count, albums: albums.count, photos: photos.count, entries: entries.count,
            sounds: sounds.count, notes: notes.count)
    }
}
