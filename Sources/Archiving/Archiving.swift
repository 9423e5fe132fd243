/// Streaming zstd, a pax tar writer, a hardened tar reader and the primitives that share bundles and
/// archives are made of.
///
/// This module knows nothing of the daemon or the database.
public enum ArchivingModule {}
