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
        directory = parent + "/" + prefix + randomHex(bytes: 16)
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
        if let stream = opendir(directory) {
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { unlink(directory + "/" + name) }
            }
            closedir(stream)
        }
        rmdir(directory)
    }
}
