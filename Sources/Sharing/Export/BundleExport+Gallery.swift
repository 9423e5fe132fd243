import Archiving
import Media
import PetDiary

extension BundleExport {
    /// The longest side of a gallery thumbnail, in pixels: sharp in a phone's three-column grid.
    static let galleryThumbnailSize = 320

    /// `index.html` (``GalleryPage``) and the thumbnails it shows (`thumbs/<sha256>.jpg`), for a bundle
    /// exported with `html`. Each thumbnail is made once and kept as a blob (as `photos.thumbnail` does),
    /// so exporting again reads them back; a video's is its poster, which needs ffmpeg. A photo that has none
    /// (HEIC, a file the thumbnailer refuses, or one deleted since the snapshot) is shown as a link instead, a
    /// video as a tile without a poster.
    /// - Parameter renditions: the sha256 of each video whose bundle carries `renditions/<sha256>.mp4`, the
    ///   copy a browser plays first.
    func galleryMembers(
        of snapshot: DiarySnapshot, renditions: Set<String>, modificationTime: Int64
    ) async throws -> (page: ArchiveMember, thumbnails: [(name: String, sha256: String)]) {
        var thumbnails: [String: String] = [:]
        var files: [(name: String, sha256: String)] = []
        var seen: Set<String> = []
        for photo in snapshot.photos {
            guard
                let thumbnail = try? await diary.thumbnail(ofPhoto: photo.id, size: Self.galleryThumbnailSize)
            else { continue }
            let name = "thumbs/\(thumbnail.sha256).jpg"
            thumbnails[photo.id] = name
            if seen.insert(name).inserted { files.append((name, thumbnail.sha256)) }
        }
        let page = GalleryPage(
            snapshot: snapshot, thumbnails: thumbnails, renditions: renditions,
            day: DiaryDay.today(in: diary.store.timeZone),
            toolkitVersion: toolkitVersion)
        let member = ArchiveMember(
            name: "index.html", source: .bytes(page.render()), mode: 0o644, modificationTime: modificationTime)
        return (member, files)
    }
}
