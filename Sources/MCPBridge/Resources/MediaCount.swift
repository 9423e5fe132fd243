/// A count of photos and videos, kept apart: `3 photos and 1 video`, `no photos`, `2 videos`.
struct MediaCount: Equatable {
    var photos: Int
    var videos: Int

    var text: String {
        let photoText = photos == 1 ? "1 photo" : "\(photos) photos"
        let videoText = videos == 1 ? "1 video" : "\(videos) videos"
        switch (photos, videos) {
        case (0, 0): return "no photos or videos"
        case (_, 0): return photoText
        case (0, _): return videoText
        default: return photoText + " and " + videoText
        }
    }
}
