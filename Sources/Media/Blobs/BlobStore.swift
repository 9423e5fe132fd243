import Glibc

/// Content-addressed media files: `blobs/sha256/ab/abcdef…`, each named by the SHA-256 of its bytes.
///
/// Writing a blob takes two steps, so that a bulk import can batch its disk syncs and the database commit
/// can follow the rename:
/// 1. *stage* (``stage(fileAt:limit:)``, ``stage(bytes:)``, ``makeWriter(limit:)``): the bytes are
///    streamed into a temp file in `blobs/tmp` (same file system), hashed as they are written;
/// 2. *publish* (``publish(_:)-(StagedBlob)``, or a batch): the temp file is synced, renamed to its final
///    name (or dropped when that blob already exists) and the fan-out directory synced.
///
/// A crash at any point leaves either no blob or a complete one; a temp file left behind is removed by
/// ``sweepTemporaries()``. Staged and published blobs carry a ``BlobLease`` that keeps their hash *in
/// flight* until released; ``collectGarbage(keeping:)-(Set<String>)`` and ``remove(_:)`` never delete an
/// in-flight blob. The in-flight record lives in this value and its copies: make one `BlobStore` per data
/// directory and process, and share it.
///
/// Blocking file work runs on ``BlockingIO``, never on the cooperative pool.
package struct BlobStore: Sendable {
    /// The `blobs` directory.
    package let root: String
    /// Where finished blobs live: `root/sha256`.
    package let blobsDirectory: String
    /// Where temp files are written: `root/tmp`.
    package let temporaryDirectory: String
    let table = InFlightTable()
    /// The size of each read while staging a file.
    static let chunkSize = 1 << 20

    /// Opens (creating with mode 0700 where missing) the blob directory `root`, usually `DATA/blobs`.
    /// - Throws: `MediaError.io` when a directory cannot be created.
    package init(root: String) throws {
        let root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.root = root
        self.blobsDirectory = root + "/sha256"
        self.temporaryDirectory = root + "/tmp"
        for directory in [root, blobsDirectory, temporaryDirectory] {
            try Self.makeDirectory(directory, parents: directory == root)
        }
    }

    /// The path of the blob named `sha256` (whether or not it exists).
    /// - Throws: `MediaError.invalidArgument` unless `sha256` is 64 lowercase hex digits.
    package func path(of sha256: String) throws -> String {
        try BlobHash.validate(sha256)
        return fanOutDirectory(of: sha256) + "/" + sha256
    }

    /// Whether the blob named `sha256` exists as a regular file.
    /// - Throws: `MediaError.invalidArgument` for a malformed name.
    package func contains(_ sha256: String) throws -> Bool {
        var info = stat()
        return lstat(try path(of: sha256), &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Whether `sha256` is in flight in this process (staged, or published and not yet released).
    package func isInFlight(_ sha256: String) -> Bool {
        table.isProtected(sha256)
    }

    func fanOutDirectory(of sha256: String) -> String {
        blobsDirectory + "/" + sha256.prefix(2)
    }

    /// `mkdir` with mode 0700 that accepts an existing directory; with `parents`, creates missing parents.
    static func makeDirectory(_ path: String, parents: Bool = false) throws {
        if mkdir(path, 0o700) == 0 { return }
        let error = errno
        if error == EEXIST {
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
            throw MediaError(.io, "\(path) exists and is not a directory", reason: "not-directory", path: path)
        }
        if error == ENOENT, parents, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try makeDirectory(String(path[..<slash]), parents: true)
            return try makeDirectory(path)
        }
        throw MediaError.system("could not create the directory", path: path, errno: error)
    }
}
