/// One file's outcome in a bulk import.
package enum ImportOutcome: Sendable, Hashable {
    /// Recorded, or found already there (`duplicate == true`).
    case imported(Photo)
    /// Not imported: not media, unreadable, too large, refused by a hook; `reason` says which.
    case skipped(path: String, reason: String)
}
