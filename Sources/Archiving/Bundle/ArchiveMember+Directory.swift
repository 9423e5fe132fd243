import Glibc

extension ArchiveMember {
    /// The members for everything under `directory`, named relative to it: each directory before its
    /// contents, names sorted by their UTF-8 bytes, so the same tree always gives the same order.
    /// A `manifest.json` at the top comes first.
    /// - Throws: `ArchiveError.unsafeEntry` for a symbolic link, device, FIFO or socket in the tree
    ///   (bundles hold only files and directories); `.io` when the tree cannot be read.
    public static func members(ofDirectory directory: String) throws -> [ArchiveMember] {
        var members: [ArchiveMember] = []
        try collect(directory: directory, prefix: "", into: &members)
        if let index = members.firstIndex(where: { $0.name == BundleManifest.fileName }) {
            members.insert(members.remove(at: index), at: 0)
        }
        return members
    }

    private static func collect(directory: String, prefix: String, into members: inout [ArchiveMember]) throws {
        guard let handle = opendir(directory) else {
            throw ArchiveError.system("could not read the directory \(directory)", errno: errno)
        }
        defer { closedir(handle) }
        var names: [String] = []
        while true {
            errno = 0
            guard let item = readdir(handle) else {
                if errno != 0 { throw ArchiveError.system("could not read the directory \(directory)", errno: errno) }
                break
            }
            let name = item.entryName
            if name != "." && name != ".." { names.append(name) }
        }
        names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            let path = directory + "/" + name
            let member = prefix + name
            var info = stat()
            guard lstat(path, &info) == 0 else {
                throw ArchiveError.system("could not stat \(path)", errno: errno, entry: member)
            }
            let mtime = Int64(info.st_mtim.tv_sec)
            let mode = UInt32(info.st_mode) & 0o777
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                members.append(
                    ArchiveMember(name: member, source: .file(path: path), mode: mode, modificationTime: mtime))
            case S_IFDIR:
                members.append(ArchiveMember(name: member, source: .directory, mode: mode, modificationTime: mtime))
                try collect(directory: path, prefix: member + "/", into: &members)
            default:
                throw ArchiveError(
                    .unsafeEntry,
                    "\(path) is not a regular file or directory (a link, device, FIFO or socket); "
                        + "bundles hold only files and directories", entry: member, reason: "not-regular")
            }
        }
    }
}
