import Testing

@testable import ToolkitWeb

/// How a request target is read as a `/media` key on the connection: the spellings the pages write, and nothing
/// else (anything else goes to the router).
struct MediaKeyTests {
    typealias Key = MediaLookups.Key

    @Test func theSpellingsThePagesWriteAreRead() {
        #expect(Key(target: "/media/photos/p-1_x") == Key(route: .original, id: "p-1_x"))
        #expect(Key(target: "/media/photos/p1/thumbnail") == Key(route: .thumbnail, id: "p1"))
        #expect(Key(target: "/media/photos/p1/thumbnail?size=16") == Key(route: .thumbnail, id: "p1", size: 16))
        #expect(Key(target: "/media/photos/p1/thumbnail?size=2048") == Key(route: .thumbnail, id: "p1", size: 2048))
        #expect(Key(target: "/media/photos/p1/video") == Key(route: .video, id: "p1"))
        #expect(Key(target: "/media/sounds/squeak") == Key(route: .sound, id: "squeak"))
    }

    @Test(arguments: [
        "", "/", "/media", "/media/", "/media/photos", "/media/photos/", "/media/photos//thumbnail",
        "/media/photos/p1/", "/media/photos/p1/thumbnail/", "/media/photos/p1/poster", "/media/sounds/s1/video",
        "/media/photos/p1/thumbnail?size=15", "/media/photos/p1/thumbnail?size=2049",
        "/media/photos/p1/thumbnail?size=",
        "/media/photos/p1/thumbnail?size=+64", "/media/photos/p1/thumbnail?size=64&x=1", "/media/photos/p1/thumbnail?",
        "/media/photos/p1?size=64", "/media/photos/p1/video?size=64", "/media/photos/p%31", "/media/photos/..",
        "/media/photos/p1/../p2", "//media/photos/p1", "/MEDIA/photos/p1", "/media/photos/p1#x", "/media/photos/ü",
        "/media/photos/" + String(repeating: "a", count: 65), "/api/media/photos/p1", "media/photos/p1",
    ])
    func anyOtherSpellingIsLeftToTheRouter(target: String) {
        #expect(Key(target: target) == nil)
    }

    @Test func noTargetReadsAsAKeyTheRouterWouldNotServe() {
        // Targets built from the spellings' own pieces and a few hostile bytes, in every combination of three.
        let pieces = [
            "/", "media", "photos", "sounds", "p1", "thumbnail", "video", "?", "size=", "64", "%2f", "..", "\u{0}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let target = (0..<Int.random(in: 1...9, using: &generator)).map { _ in pieces.randomElement()! }.joined()
            guard let key = Key(target: target) else { continue }
            #expect(key.id.isRecordID, "\(target)")
            #expect(key.size.map { (16...2048).contains($0) } ?? true, "\(target)")
            #expect(key.size == nil || key.route == .thumbnail, "\(target)")
            #expect(target.hasPrefix("/media/"), "\(target)")
        }
    }
}
