/// The records as the convenience commands read them from the core's answers (only what they show).
struct PetRecord: Decodable {
    var id: String
    var name: String
    var species: String?
    var breed: String?
    var birthday: String?
}

struct AlbumRecord: Decodable {
    var id: String
    var petId: String?
    var title: String
    var photoCount: Int
}

struct EntryRecord: Decodable {
    var id: String
    var title: String
    var body: String
    var date: String
    var favorite: Bool
    var tags: [String]
    var photoIds: [String]
}

struct PhotoRecord: Decodable {
    var id: String
    var mediaType: String
    var bytes: Int64
    var width: Int?
    var height: Int?
    var takenAt: String
    var filename: String?
    var duplicate: Bool?
}

struct SearchHitRecord: Decodable {
    var entry: EntryRecord
    var snippet: String
}

struct PageRecord<Item: Decodable>: Decodable {
    var items: [Item]
    var nextCursor: String?
}

/// Columns padded to their widest cell, for lists on a terminal or in a pipe.
enum TextTable {
    static func render(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                column == row.count - 1 ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
