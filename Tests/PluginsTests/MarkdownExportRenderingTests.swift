import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Plugins/markdown-export's files as a reader sees them, rendered by a CommonMark renderer from PyPI
/// (``CommonMark``): the front matter is YAML front matter, never a heading; the diary's text reads as written,
/// never as markup; a clip is a link to its file, never a broken image.
struct MarkdownExportRenderingTests {
    @Test func aMonthRendersWithItsFrontMatterItsTextAsWrittenAndItsClipAsALink() async throws {
        try await withCore(.socket) { core in
            let files = try TemporaryDirectory()
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
            let album = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: pet.id))
            let clipPath = try await TestClip.make("walk.webm", codec: "libvpx-vp9", seconds: 2, in: files)
            let clip = try await client.call(PhotosImport.self, .init(albumId: album.id, path: clipPath))
            let photoPath = files.appending("red.png")
            try await makeImage(photoPath, source: "color=red:size=16x8")
            let photo = try await client.call(PhotosImport.self, .init(albumId: album.id, path: photoPath))
            let walk = try await client.call(
                DiaryCreate.self,
                .init(
                    title: "<b>산책</b> *1* #", body: "first line\n- not a list\n---\n\n<i>x</i> & [y](z) #walk",
                    date: "2024-05-03", petId: pet.id, photoIds: [clip.id, photo.id], favorite: true))
            await client.close()

            let plugin = try await startPlugin(
                shippedPlugin("markdown-export"), socket: core.socketPath, dataDirectory: core.dataDirectory)
            let out = files.appending("export")
            _ = try await plugin.call("export.markdown", ["dir": .string(out)])
            await plugin.stop()

            let page = try await CommonMark.render(out + "/2024-05.md")
            #expect(
                page.frontMatter
                    == #"{"entries":[{"date":"2024-05-03","favorite":true,"id":"\#(walk.id)","pet":"보리","#
                    + #""tags":["walk"],"title":"<b>산책</b> *1* #"}],"month":"2024-05"}"#,
                "the front matter is YAML the renderer reads as front matter")
            #expect(
                page.html == """
                    <h1>2024-05</h1>
                    <h2>★ &lt;b&gt;산책&lt;/b&gt; *1* #</h2>
                    <p><em>2024-05-03 · 보리</em></p>
                    <p>first line<br />
                    - not a list<br />
                    ---</p>
                    <p>&lt;i&gt;x&lt;/i&gt; &amp; [y](z) #walk</p>
                    <p><a href="photos/\(clip.sha256).webm">▶ walk.webm (0:02)</a></p>
                    <p><img src="photos/\(photo.sha256).png" alt="red.png" /></p>

                    """,
                "one heading per entry, the text as written line by line, the clip a link, the photo an image")
        }
    }
}
