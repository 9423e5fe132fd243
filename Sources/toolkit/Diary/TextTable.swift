import Foundation
/// Columns padded to their widest cell by display width (a Hangul syllable takes two columns), for lists on a
/// terminal or in a pipe; no line ends in spaces.
enum TextTable {
    static func render(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].displayWidth }.max() ?? 0 }
        return all.map { row in
            let line = row.indices.map { column in
                column == row.count - 1
                    ? row[column] : row[column].padded(toDisplayWidth: widths[column])
            }.joined(separator: "  ")
            // A row whose last cells are empty ends without their padding.
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }
}
