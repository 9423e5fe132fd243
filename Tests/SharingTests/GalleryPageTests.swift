import Foundation
import Testing
@testable import PetDiary
@testable import Sharing

/// The gallery page's video tiles as written, for what a diary cannot produce over the socket yet: a bundle
/// carrying a browser-playable copy of a video, and clips over an hour long.
struct GalleryPageTests {
    static let settings = DiarySettings(
        diaryName: "Diary", themeColor: "#336699", defaultOrder: .newest, titleLimit: 200, bodyLimit: 20_000)

    static func video(_ sha256: String, type: String, seconds: Double?) -> Photo {
        Photo(
            stored: PhotoRow(
                id: "ph-\(sha256)", albumId: "al-1", sha256: sha256, bytes: 1, mediaType: type, width: 64, height: 48,
                orientation: nil, durationSeconds: seconds, takenAt: "2024-06-10T09:00:00Z",
                importedAt: "2024-06-10T09:00:00Z", filename: "\(sha256).clip", memo: "", favorite: false))
    }

    static func page(_ photos: [Photo], renditions: Set<String>) -> String {
        let snapshot = DiarySnapshot(
            albums: [
                Album(
                    stored: AlbumRow(
                        id: "al-1", petId: nil, title: "Walks", createdAt: "2024-06-10T09:00:00Z",
                        updatedAt: "2024-06-10T09:00:00Z"))
            ],
            photos: photos, settings: settings)
        let thumbnails = Dictionary(uniqueKeysWithValues: photos.map { ($0.id, "thumbs/poster-\($0.sha256).jpg") })
        let page = GalleryPage(
            snapshot: snapshot, thumbnails: thumbnails, renditions: renditions, day: "2024-06-11",
            toolkitVersion: "1.0")
        return String(decoding: page.render(), as: UTF8.self)
    }

    @Test func aVideoWithARenditionPlaysItFirstThenItsOriginal() {
        let page = Self.page(
            [
                Self.video("aa", type: "video/x-matroska", seconds: 3_723),
                Self.video("bb", type: "video/mp4", seconds: 59.6),
            ],
            renditions: ["aa"])
        #expect(
            page.contains(
                "<video controls preload=\"none\" poster=\"thumbs/poster-aa.jpg\" title=\"aa.clip\">"
                    + "<source src=\"renditions/aa.mp4\" type=\"video/mp4\">"
                    + "<source src=\"media/aa.mkv\" type=\"video/x-matroska\">"),
            "\(page)")
        #expect(page.contains("<source src=\"media/bb.mp4\" type=\"video/mp4\"><a href"), "no rendition: the original")
        #expect(!page.contains("renditions/bb.mp4"))
        #expect(page.contains("<i class=\"play\"></i>1:02:03</span>"), "h:mm:ss over an hour")
        #expect(page.contains("<i class=\"play\"></i>1:00</span>"), "m:ss, to the nearest second")
        #expect(page.contains("Walks<small> · 0 photos · 2 videos</small>"))
        #expect(page.contains("<i class=\"v\" title=\"2 videos\"></i>"), "the calendar marks the day's videos")
        #expect(!page.contains("<script"))
    }

    /// A clip taken at 00:30 on 11 June in Seoul (15:30 on the 10th in UTC) is on the 11th in the calendar, its
    /// local day; with no entry, that day links to the clip's player.
    @Test func aVideoOnlyDayIsItsLocalDayAndLinksToItsPlayer() {
        var clip = Self.video("cc", type: "video/mp4", seconds: 2)
        clip.takenAt = "2024-06-10T15:30:00Z"
        clip.takenDay = "2024-06-11"
        let page = Self.page([clip], renditions: [])
        #expect(page.contains("<td class=\"on\"><a href=\"#play-ph-cc\">11</a><i class=\"v\""), "\(page)")
        #expect(!page.contains("<a href=\"#play-ph-cc\">10</a>"), "never the UTC day")
        #expect(page.contains("<div class=\"player\" id=\"play-ph-cc\"><video controls"))
        #expect(page.contains("<a class=\"tile\" href=\"#play-ph-cc\" title=\"cc.clip\"><img src=\"thumbs/"))
    }

    @Test func anEmptyBundleSaysSoInEachSectionAndIsTitledByTheDiary() {
        let page = String(
            decoding: GalleryPage(
                snapshot: DiarySnapshot(settings: Self.settings), thumbnails: [:], day: "2024-06-11",
                toolkitVersion: "1.0"
            ).render(), as: UTF8.self)
        #expect(page.contains("<title>Diary</title>"))
        for text in [
            "No pets in this bundle.", "No albums in this bundle.", "Nothing dated in this bundle.",
            "No diary entries in this bundle.",
        ] {
            #expect(page.contains("<p class=\"empty\">\(text)</p>"), "\(text)")
        }
    }

    /// The body shows its `#tags`; they are not listed again under it.
    @Test func anEntrysTagsShowOnce() {
        let entry = DiaryEntry(
            stored: EntryRow(
                id: "en-1", petId: nil, title: "Walk", body: "공원에서 #Walk #산책", date: "2024-06-10", favorite: true,
                createdAt: "2024-06-10T09:00:00Z", updatedAt: "2024-06-10T09:00:00Z"),
            tags: ["walk", "산책"], photoIds: [])
        let page = String(
            decoding: GalleryPage(
                snapshot: DiarySnapshot(entries: [entry], settings: Self.settings), thumbnails: [:],
                day: "2024-06-11", toolkitVersion: "1.0"
            ).render(), as: UTF8.self)
        #expect(page.components(separatedBy: "#Walk").count == 2 && page.components(separatedBy: "#산책").count == 2)
        #expect(!page.contains("#walk") && !page.contains("class=\"tags\""), "\(page)")
        #expect(page.contains("<h4>★ Walk</h4>") && page.contains("<time datetime=\"2024-06-10\">2024-06-10</time>"))
    }
}
