import CZstd

/// The version of the libzstd this process runs with, for `toolkit doctor` and `system.info`.
public enum ZstdVersion {
    public static var current: String { String(cString: ZSTD_versionString()) }
}
