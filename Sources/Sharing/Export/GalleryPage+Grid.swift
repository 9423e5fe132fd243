import Media
import PetDiary
import ToolkitAPI

extension GalleryPage {
    /// The `srcset` sizes of a thumbnail: a third of a phone's width, a tile's width on a wide screen.
    static let thumbnailSizes = "(max-width: 480px) 34vw, 160px"

    /// A grid of `photos`: thumbnails that open the full file, video tiles that open the video's player; a
    /// favourite has a star, and a memo shows under its photo.
    func grid(_ photos: [Photo], into html: inout HTMLText) {
        guard !photos.isEmpty else { return }
        html.raw("<ul class=\"grid\">\n")
        for photo in photos {
            let label = HTMLText.escape(
                photo.memo.isEmpty ? (photo.filename ?? Self.day(of: photo)) : photo.memo)
            let star = photo.favorite ? "<span class=\"fav\" title=\"Favourite\">★</span>" : ""
            let memo = photo.memo.isEmpty ? "" : "<p class=\"memo\">\(HTMLText.escape(photo.memo))</p>"
            let thumbnail = thumbnails[photo.id]
            if MediaType.isVideo(photo.mediaType) {
                let length = photo.durationSeconds.map { VideoClock.text(seconds: $0) } ?? ""
                let poster = thumbnail.map { image($0, label: label) } ?? "<span class=\"name\">\(label)</span>"
                html.raw(
                    "<li class=\"video\(thumbnail == nil ? " bare" : "")\">"
                        + "<a class=\"tile\" href=\"#\(Self.playerID(of: photo.id))\" title=\"\(label)\">\(poster)"
                        + "<span class=\"mark\"><i class=\"play\"></i>\(length)</span>\(star)</a>\(memo)</li>\n")
            } else if let thumbnail {
                html.raw(
                    "<li><a class=\"tile\" href=\"\(Self.file(of: photo))\">\(image(thumbnail, label: label))\(star)"
                        + "</a>\(memo)</li>\n")
            } else {
                html.raw(
                    "<li><a class=\"tile file\" href=\"\(Self.file(of: photo))\">\(label)\(star)</a>\(memo)</li>\n")
            }
        }
        html.raw("</ul>\n")
    }

    /// A thumbnail that loads only as it nears the screen, so an album of thousands opens at once.
    func image(_ thumbnail: String, label: String) -> String {
        "<img src=\"\(thumbnail)\" srcset=\"\(thumbnail) \(BundleExport.galleryThumbnailSize)w\" "
            + "sizes=\"\(Self.thumbnailSizes)\" loading=\"lazy\" decoding=\"async\" alt=\"\(label)\">"
    }

    /// The bundle's member of a photo's or video's own file.
    static func file(of photo: Photo) -> String {
        "media/\(photo.sha256).\(MediaType.fileExtension(of: photo.mediaType))"
    }

    /// The id of a video's player, which its tiles and its day in the calendar link to.
    static func playerID(of photoID: String) -> String { "play-\(photoID)" }

    /// Each video's player, once, hidden until a tile links to it (`:target`): the video large, with the
    /// browser's controls, its sources the browser-playable copy when the bundle has one, then the original; a
    /// link closes it.
    func players(_ html: inout HTMLText) {
        let videos = snapshot.photos.filter { MediaType.isVideo($0.mediaType) }
        guard !videos.isEmpty else { return }
        html.raw("<div class=\"players\">\n")
        for photo in videos {
            let file = Self.file(of: photo)
            let label = HTMLText.escape(photo.memo.isEmpty ? (photo.filename ?? Self.day(of: photo)) : photo.memo)
            let poster = thumbnails[photo.id].map { " poster=\"\($0)\"" } ?? ""
            var sources = ""
            if renditions.contains(photo.sha256) {
                sources += "<source src=\"renditions/\(photo.sha256).mp4\" type=\"video/mp4\">"
            }
            sources += "<source src=\"\(file)\" type=\"\(HTMLText.escape(photo.mediaType))\">"
            html.raw(
                "<div class=\"player\" id=\"\(HTMLText.escape(Self.playerID(of: photo.id)))\">"
                    + "<video controls preload=\"none\"\(poster) title=\"\(label)\">\(sources)"
                    + "<a href=\"\(file)\">\(label)</a></video>"
                    + "<p>\(label) <a class=\"close\" href=\"#albums\">Close</a></p></div>\n")
        }
        html.raw("</div>\n")
    }
}
