#if canImport(Glibc)
import Glibc
#endif

/// Where an upload is written before the core imports it (or a share bundle before it is downloaded): a directory
/// of its own (mode 0700) under the blob store's `tmp/`, holding one file named after the upload's `X-Filename`
/// (its last path component, without control characters or a leading dot; `upload` when it has none), since
/// `photos.import` keeps a path's file name with the photo.
struct StagingFile: Sendable {
    let directory: String
    let path: String

    /// - Throws: ``WebError`` when the directory cannot be made.
    init(in parent: String, named name: String?, prefix: String = "web-upload-") throws {
        // The time in the name says how old it is to ``removeLeftovers(in:olderThan:)``.
        directory = parent + "/" + prefix + String(time(nil)) + "-" + randomHex(bytes: 16)
        guard mkdir(directory, 0o700) == 0 else {
            throw WebError(.staging, "Cannot make \(directory) for an upload.", errno: errno)
        }
        path = directory + "/" + Self.fileName(name)
    }

    /// The last path component of `name`, cleaned; `upload` when nothing is left.
    static func fileName(_ name: String?) -> String {
        let last = (name ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var cleaned = String(last.filter { !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false) })
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        while cleaned.utf8.count > 200 { cleaned.removeFirst() }
        return cleaned.isEmpty ? "upload" : cleaned
    }

    /// Removes the file and its directory.
    func remove() {
        unlink(path)
        rmdir(directory)
    }

    /// Removes every file in the directory (what a failed export left), then the directory.
    func removeAll() {
        Self.removeAll(in: directory)
    }

    /// The prefixes of the staging directories toolkit-web makes.
    static let prefixes = ["web-upload-", "web-share-"]

    /// Removes the staging directories in `parent` made more than `age` ago (by the time in their names):
    /// what a toolkit-web that was killed mid-upload or mid-download left (the core's sweep of `blobs/tmp`
    /// removes files only). A day is longer than any upload or download takes, so a staging directory in use
    /// is never one of them.
    /// - Returns: How many were removed.
    @discardableResult
    static func removeLeftovers(in parent: String, olderThan age: Duration = .seconds(86_400)) -> Int {
        let cutoff = Int(time(nil)) - Int(age.components.seconds)
        var removed = 0
        for name in names(in: parent) {
            // PREFIX + the second it was made + "-" + random hex.
            guard let prefix = prefixes.first(where: name.hasPrefix),
                let made = Int(name.dropFirst(prefix.count).prefix { $0 != "-" }), made < cutoff
            else { continue }
            removeAll(in: parent + "/" + name)
            removed += 1
        }
        return removed
    }

    /// Removes the files in `directory`, then `directory`.
    private static func removeAll(in directory: String) {
        for name in names(in: directory) { unlink(directory + "/" + name) }
        rmdir(directory)
    }

    /// The names in `directory` but `.` and `..`; none when it cannot be read.
    private static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
