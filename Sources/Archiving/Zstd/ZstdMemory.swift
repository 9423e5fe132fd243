import CZstd
import Glibc

/// Where libzstd's compression contexts take their memory: blocks of 128 KiB and more (the round buffer, the
/// job buffers, each worker's tables: nearly all of it) are mapped from the kernel and unmapped when freed;
/// smaller ones come from `malloc`.
///
/// Why: with glibc's `malloc`, the multithreaded compressor's megabyte buffers land in the arenas of the
/// threads that asked for them, and once freed they stay resident (glibc raises its mmap threshold after the
/// first large free), so a core that had exported kept that memory and each later export's peak started from
/// there (Benchmarks/export/rss-repeat.sh measures it). Mapped blocks go back to the kernel when the context is
/// freed.
enum ZstdMemory {
    /// The allocator to pass to `ZSTD_createCCtx_advanced`.
    static var custom: ZSTD_customMem { ZSTD_customMem(customAlloc: allocate, customFree: release, opaque: nil) }
}

/// Bytes in front of every block: its mapped or allocated length, and how it was obtained.
private let headerSize = 16
/// Blocks of this size and more are mapped.
private let mappingThreshold = 128 << 10
private let mappedTag = 1

private func allocate(_ opaque: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    let length = size + headerSize
    let base: UnsafeMutableRawPointer
    var tag = 0
    if size >= mappingThreshold {
        guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else { return nil }
        base = mapped
        tag = mappedTag
    } else {
        guard let allocated = malloc(length) else { return nil }
        base = allocated
    }
    base.storeBytes(of: length, as: Int.self)
    base.storeBytes(of: tag, toByteOffset: 8, as: Int.self)
    return base + headerSize
}

private func release(_ opaque: UnsafeMutableRawPointer?, _ address: UnsafeMutableRawPointer?) {
    guard let address else { return }
    let base = address - headerSize
    if base.load(fromByteOffset: 8, as: Int.self) == mappedTag {
        munmap(base, base.load(as: Int.self))
    } else {
        free(base)
    }
}
