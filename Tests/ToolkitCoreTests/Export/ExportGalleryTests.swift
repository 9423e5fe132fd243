import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// `export.create` with `html`: the bundle's `index.html` rendered by a real headless Chromium from the
/// unpacked files, offline. Debian's Chromium plays H.264 in MP4 and VP9 in WebM, the clips these tests make.
struct ExportGalleryTests {
    @Test func theGalleryOpensOfflineInChromiumWithEveryThumbnailLoadedAndTheDiaryByDay() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let videoPath = files.appending("nap.mp4")
            let ffmpeg = try await runCommand(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                    "testsrc=duration=1:size=64x48:rate=10", "-pix_fmt", "yuv420p", videoPath,
                ])
            #expect(ffmpeg.status == 0, "\(ffmpeg.stderr)")
            let video = try await client.call(PhotosImport.self, .init(albumId: fixture.kongAlbum.id, path: videoPath))
            #expect(video.mediaType == "video/mp4")
            let webmPath = try await TestClip.make("walk.webm", codec: "libvpx-vp9", seconds: 2, in: files)
            let webm = try await client.call(PhotosImport.self, .init(albumId: fixture.boreeAlbum.id, path: webmPath))
            #expect(webm.mediaType == "video/webm")
            _ = try await client.call(
                DiaryCreate.self,
                .init(
                    title: "<b>보리</b> & 콩", body: "둘이 함께\n#산책 #낮잠", date: "2024-06-10", petId: fixture.boree.id,
                    photoIds: [webm.id]))
            // HEVC in a MOV, which Chromium cannot play: the gallery plays its browser copy first.
            let hevcPath = try await TestClip.make("phone.mov", codec: "libx265", seconds: 1, in: files)
            let hevc = try await client.call(PhotosImport.self, .init(albumId: fixture.kongAlbum.id, path: hevcPath))
            let copy = try await client.call(PhotosRendition.self, .init(id: hevc.id, wait: true))
            #expect(copy.state == "ready", "\(copy)")

            let target = try TemporaryDirectory()
            let result = try await client.call(
                ExportCreate.self, .init(path: target.appending("gallery.tar.zst"), html: true))
            #expect(
                result.counts.photos == 4 && result.counts.videos == 3 && result.counts.files == 13,
                "videos are counted apart from photos; thumbnails and browser copies are not counted as files")
            let bundle = try await UnpackedBundle(result.path)
            try await bundle.checkAgainstManifest()
            #expect(bundle.listed.dropFirst(8).first == "index.html", "after manifest.json and the seven data files")
            let images = fixture.boreePhotos + fixture.kongPhotos
            #expect(bundle.files(in: "thumbs").count == images.count + 3, "one per photo, a poster per video")
            #expect(bundle.files(in: "renditions") == ["\(hevc.sha256).mp4"], "the HEVC clip's copy")

            let page = try String(contentsOfFile: bundle.directory.appending("index.html"), encoding: .utf8)
            #expect(!page.contains("http://") && !page.contains("https://"), "no network request")
            #expect(!page.contains("<script"), "nothing needs a script")
            #expect(page.contains("&lt;b&gt;보리&lt;/b&gt; &amp; 콩"), "text is escaped")
            for (clip, type, length) in [(video, "mp4", "0:01"), (webm, "webm", "0:02")] {
                #expect(page.contains("<video controls preload=\"none\" poster=\"thumbs/"), "a video shows its poster")
                #expect(
                    page.contains("<source src=\"media/\(clip.sha256).\(type)\" type=\"video/\(type)\">"),
                    "it plays the original, of its type")
                #expect(page.contains("<i class=\"play\"></i>\(length)</span>"), "a play mark and its length")
            }
            #expect(
                page.contains(
                    "<source src=\"renditions/\(hevc.sha256).mp4\" type=\"video/mp4\">"
                        + "<source src=\"media/\(hevc.sha256).mov\" type=\"video/quicktime\">"),
                "the browser copy first, then the original")
            for photo in images {
                #expect(page.contains("href=\"media/\(photo.sha256)."), "\(photo.id) opens its full file")
            }

            let dom = try await Chromium.renderedDOM(of: bundle.directory.appending("index.html"))
            #expect(
                dom.attribute("data-images") == "\(images.count + 3 + 4)",
                """
                each thumbnail in its album, and again under the entries showing it; each video's poster on its \
                tile in its album, the WebM's again under its entry
                """)
            #expect(dom.attribute("data-broken") == "[]", "no broken image")
            #expect(dom.attribute("data-videos") == "3", "each video once, in its player")
            #expect(
                dom.attribute("data-video-problems") == "[]",
                "every poster loads, and Chromium can play and reads each video's first source")
            #expect(dom.text.contains("<i class=\"v\" title=\"3 videos\">"), "the calendar marks the videos' day")
            #expect(dom.text.contains("첫 산책") && dom.text.contains("콩이: 고양이?"))
            #expect(dom.text.contains("<a href=\"#day-2024-05-01\">1</a>"), "the calendar links days with entries")
            #expect(dom.text.contains("June 2024") && dom.text.contains("May 2024"))
            await client.close()
        }
    }

    /// Without ffmpeg a video has no poster, yet its tile is plainly a video: its name, a play mark, its length,
    /// and no broken image; it still plays.
    @Test func withoutFFmpegAVideoIsATileWithItsNameAPlayMarkAndItsLength() async throws {
        let server = try await InProcessServer { $0.ffmpegPath = "/nonexistent/ffmpeg" }
        let client = try await server.client()
        let files = try TemporaryDirectory()
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks"))
        let clip = try await TestClip.make("walk.webm", codec: "libvpx-vp9", seconds: 2, in: files)
        let video = try await client.call(PhotosImport.self, .init(albumId: album.id, path: clip))
        let target = try TemporaryDirectory()
        let result = try await client.call(
            ExportCreate.self, .init(path: target.appending("gallery.tar.zst"), html: true))
        let bundle = try await UnpackedBundle(result.path)
        #expect(bundle.files(in: "thumbs").isEmpty)

        let page = try String(contentsOfFile: bundle.directory.appending("index.html"), encoding: .utf8)
        #expect(
            page.contains(
                "<li class=\"video bare\"><a class=\"tile\" href=\"#play-\(video.id)\" title=\"walk.webm\">"
                    + "<span class=\"name\">walk.webm</span>"
                    + "<span class=\"mark\"><i class=\"play\"></i>0:02</span></a></li>"
            ),
            "\(page)")
        #expect(
            page.contains(
                "<video controls preload=\"none\" title=\"walk.webm\"><source src=\"media/\(video.sha256).webm\" "
                    + "type=\"video/webm\">"),
            "its player plays it")
        #expect(page.contains("0 photos · 1 video"), "the summary counts the video as a video")
        let dom = try await Chromium.renderedDOM(of: bundle.directory.appending("index.html"))
        #expect(dom.attribute("data-images") == "0" && dom.attribute("data-broken") == "[]")
        #expect(
            dom.attribute("data-video-problems") == "[\"media/\(video.sha256).webm: no poster\"]",
            "it has no poster, and plays")
        await client.close()
        await server.stop()
    }

    @Test func aBundleWithoutHTMLHasNoGallery() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            _ = try await ExportFixture.make(with: client, files: files)
            let target = try TemporaryDirectory()
            let result = try await client.call(ExportCreate.self, .init(path: target.appending("plain.tar.zst")))
            let bundle = try await UnpackedBundle(result.path)
            #expect(!bundle.listed.contains("index.html"))
            #expect(bundle.files(in: "thumbs").isEmpty)
            await client.close()
        }
    }
}
