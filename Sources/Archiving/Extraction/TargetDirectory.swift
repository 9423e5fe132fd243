import Glibc

/// The directory an archive is extracted into, reached only through descriptors opened with
/// `O_NOFOLLOW`, so nothing (not even a symbolic link already in the target) can lead a write outside it.
/// Files are written under temp names and renamed only by ``commit(_:)``.
package final class TargetDirectory {
    private let root: SystemFile
    private var cached: (components: ArraySlice<String>, handle: SystemFile)?
    private var counter = 0

    /// Opens the target directory.
    /// - Throws: `ArchiveError.io` when it cannot be opened.
    package init(path: String) throws {
        root = try SystemFile.open(path, flags: O_RDONLY | O_DIRECTORY)
    }

    /// The directory at `components` under the root, created (0755) where missing.
    /// - Throws: `ArchiveError.unsafeEntry` naming `entry` when a component is a symbolic link or not a
    ///   directory; `.io` otherwise.
    package func directory(_ components: ArraySlice<String>, entry: String) throws -> SystemFile {
        if components.isEmpty { return root }
        if let cached, cached.components == components { return cached.handle }
        var current = root
        for (depth, name) in components.enumerated() {
            var fd = openat(current.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0 && errno == ENOENT {
                if mkdirat(current.descriptor, name, 0o755) != 0 && errno != EEXIST {
                    throw ArchiveError.system(
                        "\(entry): could not create the directory '\(name)'", errno: errno, entry: entry)
                }
                fd = openat(current.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if fd < 0 {
                let code = errno
                let prefix = components.prefix(depth + 1).joined(separator: "/")
                if code == ELOOP || code == ENOTDIR {
                    throw ArchiveError(
                        .unsafeEntry,
                        "\(entry): '\(prefix)' in the target is a symbolic link or not a directory; "
                            + "refusing to write through it", entry: entry, reason: "not-a-directory")
                }
                throw ArchiveError.system(
                    "\(entry): could not open the directory '\(prefix)'", errno: code, entry: entry)
            }
            current = SystemFile(descriptor: fd, path: name)
        }
        cached = (components, current)
        return current
    }

    /// A file written under a temp name in its directory, waiting to be renamed to its real name.
    package struct PendingFile {
        var parent: ArraySlice<String>
        var temporary: String
        var name: String
        var entry: String
    }

    /// Writes a file for `path` from `read` (which returns 0 at the end) under a temp name in its directory.
    /// ``commit(_:)`` later renames it; until then no partial or unverified file has the real name.
    /// - Returns: the pending file and the bytes written.
    /// - Throws: `ArchiveError` naming `entry`; the temp file is removed first.
    package func writeFile(
        _ path: EntryPath, entry: String, mode: UInt32, modificationTime: Int64,
        buffer: UnsafeMutableRawBufferPointer, read: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws -> (PendingFile, Int64) {
        let parentComponents = path.components.dropLast()
        let parent = try directory(parentComponents, entry: entry)
        counter += 1
        let temporary = ".tk-unpack-\(getpid())-\(counter)"
        let file = try SystemFile.open(
            temporary, flags: O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600, relativeTo: parent.descriptor,
            displayPath: entry)
        var written: Int64 = 0
        do {
            while true {
                let count = try read(buffer)
                if count == 0 { break }
                try file.write(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                written += Int64(count)
            }
            try Self.apply(mode: mode, modificationTime: modificationTime, to: file, entry: entry)
            try file.close()
        } catch {
            unlinkat(parent.descriptor, temporary, 0)
            throw error
        }
        let pending = PendingFile(
            parent: parentComponents, temporary: temporary, name: path.components.last!, entry: entry)
        return (pending, written)
    }

    /// Renames pending files to their real names, in order (a later member of the same name wins).
    /// - Throws: `ArchiveError` naming the member that could not be moved into place.
    package func commit(_ files: [PendingFile]) throws {
        for (index, file) in files.enumerated() {
            let parent: SystemFile
            do {
                parent = try directory(file.parent, entry: file.entry)
            } catch {
                discard(files[index...])
                throw error
            }
            guard renameat(parent.descriptor, file.temporary, parent.descriptor, file.name) == 0 else {
                let error = ArchiveError.system(
                    "\(file.entry): could not move the extracted file into place", errno: errno, entry: file.entry)
                discard(files[index...])
                throw error
            }
        }
    }

    /// Removes pending files' temp names.
    package func discard(_ files: ArraySlice<PendingFile>) {
        for file in files {
            guard let parent = try? directory(file.parent, entry: file.entry) else { continue }
            unlinkat(parent.descriptor, file.temporary, 0)
        }
    }

    /// Sets permission bits (without set-id and sticky bits) and the modification time.
    package static func apply(mode: UInt32, modificationTime: Int64, to file: SystemFile, entry: String) throws {
        guard fchmod(file.descriptor, mode_t(mode & 0o777)) == 0 else {
            throw ArchiveError.system("\(entry): could not set its permissions", errno: errno, entry: entry)
        }
        var times = [
            timespec(tv_sec: Int(modificationTime), tv_nsec: 0), timespec(tv_sec: Int(modificationTime), tv_nsec: 0),
        ]
        guard futimens(file.descriptor, &times) == 0 else {
            throw ArchiveError.system("\(entry): could not set its modification time", errno: errno, entry: entry)
        }
    }
}
