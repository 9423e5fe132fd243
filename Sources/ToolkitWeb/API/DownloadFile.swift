#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import NIOCore
import NIOPosix

/// A file opened for one download whose name is already gone: the open descriptor keeps its bytes until the
/// download has been sent (or dropped unsent), then closing it frees them. Nothing is left on disk whatever
/// becomes of the response. The bytes are read a chunk at a time on NIO's thread pool, so memory stays bounded.
///
/// The descriptor is only read with `pread` (which keeps no offset) and closed in `deinit`, so the type may be
/// shared between tasks.
final class DownloadFile: Sendable {
    let descriptor: Int32
    /// The file's length in bytes.
    let size: Int64

    /// Opens `path` and removes its name.
    /// - Throws: ``WebError`` `.staging` when it cannot be opened.
    init(takingOver path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw WebError(.staging, "Cannot open \(path) to send it.", errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let number = errno
            close(descriptor)
            throw WebError(.staging, "Cannot read the length of \(path).", errno: number)
        }
        self.descriptor = descriptor
        size = Int64(info.st_size)
        unlink(path)
    }

    deinit { close(descriptor) }

    /// The file as a response body, `chunkLength` bytes at a time.
    func body(chunkLength: Int = 128 * 1024) -> ResponseBody {
        ResponseBody(contentLength: Int(size)) { writer in
            var offset: Int64 = 0
            while offset < self.size {
                let count = Int(min(Int64(chunkLength), self.size - offset))
                let start = offset
                let chunk = try await NIOThreadPool.singleton.runIfActive { try self.read(count, at: start) }
                try await writer.write(chunk)
                offset += Int64(chunk.readableBytes)
            }
            try await writer.finish(nil)
        }
    }

    /// Up to `count` bytes from `offset`.
    private func read(_ count: Int, at offset: Int64) throws -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { bytes in
            var result: Int
            repeat {
                result = pread(descriptor, bytes.baseAddress, count, off_t(offset))
            } while result < 0 && errno == EINTR
            return max(result, 0)
        }
        guard read > 0 else { throw WebError(.staging, "The file to send ended early.", errno: errno) }
        return buffer
    }
}
