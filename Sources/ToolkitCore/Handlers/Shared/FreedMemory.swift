import Glibc

/// Gives the memory a large operation freed back to the kernel (`malloc_trim(3)`), for the handlers that read
/// a whole diary (export, archive, restore, import).
///
/// Why: their records and buffers are allocated and freed on whichever threads ran them, each with its own glibc
/// arena, and glibc returns an arena's free pages only from its top: without it the core grew after each export
/// and the next export's peak started from there; with it each export ends where the first started
/// (Benchmarks/export/rss-repeat.sh; the figures: Benchmarks/notes/2026-11-29-why.md, bundles and archives). It
/// takes well under a millisecond next to operations of seconds.
enum FreedMemory {
    /// Returns every arena's free pages to the kernel.
    static func release() {
        _ = mallocTrim?(0)
    }
}

/// glibc's `malloc_trim`, which Swift's Glibc module does not export (`<malloc.h>` is not part of it).
private let mallocTrim: (@convention(c) (Int) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
}()
