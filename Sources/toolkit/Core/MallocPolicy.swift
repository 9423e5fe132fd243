import Glibc

/// How the core's process takes memory from glibc's `malloc`.
enum MallocPolicy {
    /// Blocks of 128 KiB and more are always mapped from the kernel and unmapped when freed.
    ///
    /// glibc starts with this threshold but raises it (up to 32 MiB) each time such a block is freed, after
    /// which large buffers come from the per-thread arenas and stay resident when freed. In the core, where
    /// every export, archive and import runs on threads of their own, the core then kept more memory after each
    /// export, and each export's peak started from there (Benchmarks/export/rss-repeat.sh measures it; the
    /// figures: Benchmarks/notes/2026-11-29-why.md, bundles and archives). Fixing the threshold turns the
    /// adjustment off (`mallopt(3)`); the cost is a `mmap` per large buffer, which these operations allocate a
    /// handful of times each.
    static func applyForTheCore() {
        _ = mallopt?(mmapThreshold, 128 << 10)
    }
}

/// `M_MMAP_THRESHOLD` of `<malloc.h>`.
private let mmapThreshold: Int32 = -3

/// glibc's `mallopt`, which Swift's Glibc module does not export (`<malloc.h>` is not part of it).
private let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
}()
