/// One member of a tar archive, as its headers describe it.
public struct TarEntry: Sendable, Hashable {
    /// What a member is.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        case file, directory, symbolicLink, hardLink, characterDevice, blockDevice, fifo
        /// A typeflag this reader does not know, or does not support: GNU multi-volume `M`, and GNU sparse
        /// files, which are `S` whether stored with that typeflag or as pax `GNU.sparse.*` records.
        case unsupported(typeflag: UInt8)

        /// A phrase for messages and listings: "file", "symbolic link", …
        public var description: String {
            switch self {
            case .file: "file"
            case .directory: "directory"
            case .symbolicLink: "symbolic link"
            case .hardLink: "hard link"
            case .characterDevice: "character device"
            case .blockDevice: "block device"
            case .fifo: "FIFO"
            case .unsupported(UInt8(ascii: "S")): "GNU sparse file"
            case .unsupported(UInt8(ascii: "M")): "GNU multi-volume continuation"
            case .unsupported(let flag): "unsupported member type '\(Unicode.Scalar(flag))'"
            }
        }
    }

    /// The member's path as stored (pax `path`, GNU long name, or ustar prefix and name).
    public var path: String
    /// The kind of member.
    public var kind: Kind
    /// Data bytes; 0 for everything but files.
    public var size: Int64
    /// Permission bits as stored.
    public var mode: UInt32
    /// Modification time, seconds since 1970.
    public var modificationTime: Int64
    /// The target of a link, if the member is one.
    public var linkTarget: String?
    /// Whether the stored path was valid UTF-8 (if not, `path` holds replacement characters).
    public var pathIsValidUTF8: Bool

    /// Creates an entry description.
    public init(
        path: String, kind: Kind, size: Int64, mode: UInt32, modificationTime: Int64, linkTarget: String? = nil,
        pathIsValidUTF8: Bool = true
    ) {
        self.path = path
        self.kind = kind
        self.size = size
        self.mode = mode
        self.modificationTime = modificationTime
        self.linkTarget = linkTarget
        self.pathIsValidUTF8 = pathIsValidUTF8
    }
}
