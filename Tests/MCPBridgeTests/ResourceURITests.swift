import Testing

@testable import MCPBridge

@Suite struct ResourceURITests {
    static let id = "0b6f1c1e-8d0c-4a53-9d8e-2f7a9c3b1e42"

    @Test(arguments: [
        ("toolkit://photos/\(id)", ResourceURI.photo(id: id)),
        ("toolkit://photos/\(id)/original", .original(id: id)),
        ("toolkit://entries/\(id)", .entry(id: id)),
        ("toolkit://pets/\(id)", .pet(id: id)),
        ("TOOLKIT://pets/\(id)", .pet(id: id)),
    ])
    func eachFormReadsAndWritesBack(text: String, expected: ResourceURI) {
        #expect(ResourceURI(text) == expected)
        #expect(ResourceURI(expected.text) == expected)
    }

    @Test(arguments: [
        "", "toolkit://", "toolkit://photos", "toolkit://photos/", "toolkit://photos/\(id)/thumbnail",
        "toolkit://pets/\(id)/", "toolkit://albums/\(id)", "toolkit://entries/\(id)/original",
        "file:///etc/passwd", "https://example.com/photos/\(id)", "toolkit://pets//\(id)",
    ])
    func anyOtherAddressIsNone(text: String) {
        #expect(ResourceURI(text) == nil)
    }

    @Test func theRefusalOfAnUnknownAddressNamesEveryTemplate() {
        let message = ResourceTemplates.unknown("toolkit://albums/1")
        #expect(message.hasPrefix("toolkit://albums/1 is not a toolkit resource"))
        for template in [
            "toolkit://photos/{id}", "toolkit://photos/{id}/original", "toolkit://entries/{id}",
            "toolkit://pets/{id}",
        ] {
            #expect(message.contains(template))
        }
    }

    @Test func everyTemplateHasANameADescriptionAndTheTypeItsResourcesShare() {
        for template in ResourceTemplates.all {
            #expect(!template.name.isEmpty)
            #expect(!template.description.isEmpty)
        }
        let types = Dictionary(uniqueKeysWithValues: ResourceTemplates.all.map { ($0.uriTemplate, $0.mimeType) })
        #expect(types["toolkit://photos/{id}"] == "image/jpeg")
        #expect(types["toolkit://entries/{id}"] == "text/markdown")
        #expect(types["toolkit://pets/{id}"] == "text/markdown")
        #expect(types["toolkit://photos/{id}/original"] == .some(nil))
    }

    @Test func anOriginalIsTheBlobNamedByItsHash() {
        let sha = "ab" + String(repeating: "0", count: 62)
        #expect(OriginalFile.path(dataDirectory: "/data/", sha256: sha) == "/data/blobs/sha256/ab/\(sha)")
        #expect(OriginalFile.megabytes(17_300_000) == "17.3 MB")
    }
}
