import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitCore
import ToolkitTestSupport
import ToolkitCoreTesting

/// The exported gallery as a person sees it, rendered by headless Chromium on a phone (390 px) and a laptop
/// (1280 px): nothing overlaps or runs off the screen, and a video tile opens the video large with its controls.
struct ExportGalleryLayoutTests {
    @Test func onAPhoneAndALaptopNothingOverlapsOrOverflowsAndAVideoOpensLargeWithItsControls() async throws {
        try await withCore(.socket) { core in
            let client = try await core.rpcClient()
            let files = try TemporaryDirectory()
            let fixture = try await ExportFixture.make(with: client, files: files)
            let clipPath = try await TestClip.make("walk.webm", codec: "libvpx-vp9", seconds: 2, in: files)
            let clip = try await client.call(PhotosImport.self, .init(albumId: fixture.boreeAlbum.id, path: clipPath))
            let memo = "공원에서 처음으로 공을 물어 온 날, 아주 긴 메모가 타일 아래에 보입니다"
            _ = try await client.call(PhotosUpdate.self, .init(id: clip.id, memo: "달리기", favorite: true))
            let photo = fixture.kongPhotos[0]
            _ = try await client.call(PhotosUpdate.self, .init(id: photo.id, memo: memo, favorite: true))
            let target = try TemporaryDirectory()
            let result = try await client.call(
                ExportCreate.self, .init(path: target.appending("gallery.tar.zst"), html: true))
            let bundle = try await UnpackedBundle(result.path)
            let index = bundle.directory.appending("index.html")

            let page = try String(contentsOfFile: index, encoding: .utf8)
            #expect(page.contains("<title>보리 &amp; 콩이: 고양이? · "), "titled by the bundle's pets")
            #expect(page.contains("</a><p class=\"memo\">\(memo)</p></li>"), "the memo under its photo")
            #expect(page.contains("<span class=\"fav\" title=\"Favourite\">★</span>"), "a favourite is starred")
            #expect(
                page.contains("<a class=\"tile\" href=\"#play-\(clip.id)\" title=\"달리기\"><img src=\"thumbs/"),
                "the video tile is its poster, linking to its player")
            #expect(
                page.components(separatedBy: "<video ").count
                    == page.components(separatedBy: "<div class=\"player\"").count,
                "no video drawn on a tile: each video element is in its player")
            #expect(page.contains(" loading=\"lazy\" ") && page.contains(" 320w\" sizes=\""))
            #expect(
                page.contains("<a href=\"#play-\(clip.id)\">"),
                "the day the clip was taken on, with no entry, links to it in the calendar")

            for width in [390, 1280] {
                let dom = try await Chromium.renderedDOM(of: index, checker: GalleryLayout.checker, width: width)
                #expect(dom.attribute("data-layout-problems") == "[]", "at \(width) px")
                let player = try #require(dom.attribute("data-player"))
                let size = player.split(separator: " ").first?.split(separator: "x").compactMap { Double($0) } ?? []
                #expect(player.hasSuffix(" controls true visible true"), "at \(width) px: \(player)")
                #expect(
                    size.count == 2 && size[0] >= Double(width) * 0.9 && size[1] > 0,
                    "at \(width) px the video opens nearly as wide as the screen: \(player)")
            }
            await client.close()
        }
    }
}
