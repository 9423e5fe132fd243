import NIOConcurrencyHelpers

/// Writes 16- or 24-bit PCM WAV files, keeping the header's sizes right after every write.
///
/// The RIFF and data sizes are rewritten after each ``write(_:)``, so a file cut short by a crash or
/// `SIGKILL` still opens in sox and in ``WAVReader`` with every sample written before the cut.
/// ``close()`` adds the pad byte an odd-sized data chunk needs and syncs the file to disk.
public final class WAVWriter: Sendable {
    /// The size of the canonical header this writer produces.
    public static let headerSize = 44

    /// The format of the samples written.
    public let format: AudioFormat
    /// The path being written.
    public let path: String
    private let file: FileDescriptor
    /// Bytes of samples written so far, and whether the file is closed (only touched under the lock).
    private let state = NIOLockedValueBox<(dataBytes: Int64, closed: Bool)>((0, false))

    /// The largest data chunk a WAV file can describe, rounded down to whole frames by ``write(_:)``.
    static let maximumDataBytes: Int64 = 0xFFFF_FFFF - 36 - 1

    /// Creates (or replaces) `path` and writes a header for an empty data chunk.
    /// - Parameters:
    ///   - path: the file to write.
    ///   - format: ``SampleFormat/signed16`` or ``SampleFormat/signed24``, any rate and channel count.
    /// - Throws: ``AudioError`` `.invalidArgument` for other sample formats or out-of-range rates and
    ///   channel counts, `.io` when the file cannot be created.
    public init(path: String, format: AudioFormat) throws {
        guard format.sampleFormat == .signed16 || format.sampleFormat == .signed24 else {
            throw AudioError(
                .invalidArgument, "\(path): the WAV writer writes 16- or 24-bit PCM, not \(format.sampleFormat)")
        }
        try format.validate()
        self.format = format
        self.path = path
        self.file = try FileDescriptor(writingTo: path)
        let header = Self.header(format: format, dataBytes: 0)
        try header.withUnsafeBytes { (raw) throws in try file.write(raw, at: 0) }
    }

    /// Bytes of samples written so far.
    public var dataBytesWritten: Int64 { state.withLockedValue { $0.dataBytes } }

    /// Frames written so far.
    public var framesWritten: Int64 { dataBytesWritten / Int64(format.bytesPerFrame) }

    /// Appends whole frames of little-endian samples and updates the header's sizes.
    /// - Parameter bytes: interleaved samples in ``format``; a multiple of the frame size.
    /// - Throws: ``AudioError`` `.invalidArgument` for a partial frame, a closed writer or a file that
    ///   would pass the 4 GiB a WAV header can describe; `.io` when writing fails.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try state.withLockedValue { (state) throws in
            guard !state.closed else { throw AudioError(.invalidArgument, "\(path): the WAV writer is closed") }
            guard bytes.count % format.bytesPerFrame == 0 else {
                throw AudioError(
                    .invalidArgument,
                    "\(path): \(bytes.count) bytes is not a whole number of \(format.bytesPerFrame)-byte frames")
            }
            guard state.dataBytes + Int64(bytes.count) <= Self.maximumDataBytes else {
                throw AudioError(.invalidArgument, "\(path): a WAV file cannot hold more than 4 GiB of samples")
            }
            try file.write(bytes, at: Int64(Self.headerSize) + state.dataBytes)
            state.dataBytes += Int64(bytes.count)
            try writeSizes(dataBytes: state.dataBytes, padded: false)
        }
    }

    /// Appends samples given as 16-bit integers (for ``SampleFormat/signed16`` files).
    /// - Parameter samples: interleaved samples.
    /// - Throws: as ``write(_:)``.
    public func write(samples: [Int16]) throws {
        guard format.sampleFormat == .signed16 else {
            throw AudioError(.invalidArgument, "\(path): 16-bit samples given to a \(format.sampleFormat) writer")
        }
        let bytes = samples.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        try bytes.withUnsafeBytes { (raw) throws in try write(raw) }
    }

    /// Finishes the file: pad byte for an odd-sized data chunk, final sizes, fsync. Idempotent.
    /// - Throws: ``AudioError`` `.io` when writing or syncing fails.
    public func close() throws {
        try state.withLockedValue { (state) throws in
            guard !state.closed else { return }
            state.closed = true
            if state.dataBytes % 2 == 1 {
                let pad: [UInt8] = [0]
                try pad.withUnsafeBytes { (raw) throws in
                    try file.write(raw, at: Int64(Self.headerSize) + state.dataBytes)
                }
            }
            try writeSizes(dataBytes: state.dataBytes, padded: true)
            try file.sync()
        }
    }

    private func writeSizes(dataBytes: Int64, padded: Bool) throws {
        let pad: Int64 = padded ? dataBytes & 1 : 0
        var riff: [UInt8] = []
        riff.appendLE32(36 + dataBytes + pad)
        var data: [UInt8] = []
        data.appendLE32(dataBytes)
        try data.withUnsafeBytes { (raw) throws in try file.write(raw, at: 40) }
        try riff.withUnsafeBytes { (raw) throws in try file.write(raw, at: 4) }
    }

    /// A canonical 44-byte PCM header.
    static func header(format: AudioFormat, dataBytes: Int64) -> [UInt8] {
        var h: [UInt8] = Array("RIFF".utf8)
        h.appendLE32(36 + dataBytes)
        h += Array("WAVEfmt ".utf8)
        h.appendLE32(16)
        h.appendLE16(WAVFormatTag.pcm)
        h.appendLE16(format.channels)
        h.appendLE32(Int64(format.rate))
        h.appendLE32(Int64(format.rate * format.bytesPerFrame))
        h.appendLE16(format.bytesPerFrame)
        h.appendLE16(format.sampleFormat.bitsPerSample)
        h += Array("data".utf8)
        h.appendLE32(dataBytes)
        return h
    }
}
