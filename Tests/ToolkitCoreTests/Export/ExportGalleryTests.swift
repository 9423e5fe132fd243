import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitTesting

/// `export.create` with `html`: the bundle's `index.html` rendered by a real headless Chromium from the
/// unpacked files, offline.
struct ExportGalleryTests {
    @Test func theGalleryOpensOfflineInChromiumWithEveryThumbnailLoadedAndTheDiaryByDay() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let videoPath = files.appending("nap.mp4")
            let ffmpeg = try runCommand(
                "ffmpeg",
                [
                    "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                    "testsrc=duration=1:size=64x48:rate=10", "-pix_fmt", "yuv420p", videoPath,
                ])
            #expect(ffmpeg.status == 0, "\(ffmpeg.stderr)")
            let video = try await client.call(PhotosImport.self, .init(albumId: fixture.kongAlbum.id, path: videoPath))
            #expect(video.mediaType == "video/mp4")
            _ = try await client.call(
                DiaryCreate.self,
                .init(title: "<b>보리</b> & 콩", body: "둘이 함께\n#산책 #낮잠", date: "2024-06-10", petId: fixture.boree.id))

            let target = try TemporaryDirectory()
            let result = try await client.call(
                ExportCreate.self, .init(path: target.appending("gallery.tar.zst"), html: true))
            #expect(result.counts.photos == 5 && result.counts.files == 11, "thumbnails are not counted as files")
            let bundle = try UnpackedBundle(result.path)
            try bundle.checkAgainstManifest()
            #expect(bundle.listed.dropFirst(8).first == "index.html", "after manifest.json and the seven data files")
            let images = fixture.boreePhotos + fixture.kongPhotos
            #expect(bundle.files(in: "thumbs").count == images.count, "one per photo that is not a video")

            let page = try String(contentsOfFile: bundle.directory.appending("index.html"), encoding: .utf8)
            #expect(!page.contains("http://") && !page.contains("https://"), "no network request")
            #expect(!page.contains("<script"), "nothing needs a script")
            #expect(page.contains("&lt;b&gt;보리&lt;/b&gt; &amp; 콩"), "text is escaped")
            #expect(page.contains("<video controls preload=\"none\" src=\"media/\(video.sha256).mp4\""))
            for photo in images {
                #expect(page.contains("href=\"media/\(photo.sha256)."), "\(photo.id) opens its full file")
            }

            let dom = try Chromium.renderedDOM(of: bundle.directory.appending("index.html"))
            #expect(
                dom.attribute("data-images") == "\(images.count + 3)",
                "each thumbnail in its album, and again under the entries showing it")
            #expect(dom.attribute("data-broken") == "[]", "no broken image")
            #expect(dom.text.contains("첫 산책") && dom.text.contains("콩이: 고양이?"))
            #expect(dom.text.contains("<a href=\"#day-2024-05-01\">1</a>"), "the calendar links days with entries")
            #expect(dom.text.contains("June 2024") && dom.text.contains("May 2024"))
            await client.close()
        }
    }

    @Test func aBundleWithoutHTMLHasNoGallery() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            _ = try await ExportFixture.make(with: client, files: files)
            let target = try TemporaryDirectory()
            let result = try await client.call(ExportCreate.self, .init(path: target.appending("plain.tar.zst")))
            let bundle = try UnpackedBundle(result.path)
            #expect(!bundle.listed.contains("index.html"))
            #expect(bundle.files(in: "thumbs").isEmpty)
            await client.close()
        }
    }
}

/// Debian's Chromium, headless, as a user's browser would show a page from disk.
enum Chromium {
    /// The DOM of `page` once loaded, as Chromium's `--dump-dom` prints it, with `data-images` (how many `img`
    /// elements) and `data-broken` (the `src` of each that did not load) set on `body` by a checker script
    /// appended to a copy of the page beside it (the page itself has none).
    static func renderedDOM(of page: String) throws -> RenderedDOM {
        let checker = """
            <script>addEventListener('load', () => {
              const broken = [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src);
              document.body.dataset.images = document.images.length;
              document.body.dataset.broken = JSON.stringify(broken);
            });</script>
            """
        let copy = (page as NSString).deletingLastPathComponent + "/check-\(UUID().uuidString).html"
        try (String(contentsOfFile: page, encoding: .utf8) + checker).write(
            toFile: copy, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let profile = try TemporaryDirectory()
        let result = try runCommand(
            "/usr/bin/timeout",
            [
                "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=\(profile.path)", "--virtual-time-budget=10000", "--dump-dom",
                URL(fileURLWithPath: copy).absoluteString,
            ],
            environment: ProcessInfo.processInfo.environment.merging(["HOME": profile.path]) { $1 })
        guard result.status == 0, result.stdout.contains("</body>") else {
            throw TestFailure("chromium failed (\(result.status)): \(result.stderr.suffix(2000))")
        }
        return RenderedDOM(text: result.stdout)
    }

    struct RenderedDOM {
        var text: String

        /// The value of `body`'s attribute `name`, entities decoded.
        func attribute(_ name: String) -> String? {
            guard let start = text.range(of: " \(name)=\"") else { return nil }
            let rest = text[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end]).replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
