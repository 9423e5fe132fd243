/// What verifying an archive found.
public struct VerificationReport: Sendable, Hashable {
    /// One difference between the archive and its manifest.
    public struct Problem: Sendable, Hashable {
        /// The member concerned.
        public var entry: String
        /// `sha256-mismatch`, `size-mismatch`, `missing`, `unexpected` or `duplicate`.
        public var reason: String
        /// A sentence for people.
        public var message: String
    }

    /// Members read (every kind).
    public var membersChecked: Int
    /// File bytes hashed.
    public var bytesChecked: Int64
    /// The manifest checked against, if the archive had one (or one was given).
    public var manifest: BundleManifest?
    /// Differences from the manifest; empty when the archive is intact.
    public var problems: [Problem]

    /// Whether the archive matched its manifest (or, without one, decompressed and parsed cleanly).
    public var isIntact: Bool { problems.isEmpty }
}
