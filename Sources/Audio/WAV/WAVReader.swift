import NIOConcurrencyHelpers

/// Streams the samples of a WAV file, a buffer at a time; the file is never read whole.
///
/// ```swift
/// let reader = try WAVReader(path: "bark.wav")
/// print(reader.info.format, reader.info.duration)
/// var buffer = [UInt8](repeating: 0, count: 4096 * reader.info.format.bytesPerFrame)
/// while try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }) > 0 { … }
/// ```
public final class WAVReader: Sendable {
    /// The checked header: format, data location, tolerated oddities.
    public let info: WAVInfo
    /// The path the reader was opened with.
    public let path: String
    private let file: FileDescriptor
    /// Frames already read (only touched under the lock).
    private let position = NIOLockedValueBox<Int64>(0)

    /// Opens `path` and checks its header.
    /// - Parameter path: a WAV file.
    /// - Throws: ``AudioError`` `.io` when the file cannot be read, `.malformedFile` when it is not a
    ///   usable WAV file, `.unsupportedFormat` for encodings other than PCM and float (A-law, ADPCM, …).
    public init(path: String) throws {
        let file = try FileDescriptor(readingFrom: path)
        self.info = try WAVHeaderParser(file: file).parse()
        self.file = file
        self.path = path
    }

    /// Frames read so far.
    public var framesRead: Int64 { position.withLockedValue { $0 } }

    /// Reads the next frames into `buffer`, as many whole frames as fit.
    /// - Parameter buffer: raw bytes; its size should be a multiple of the frame size.
    /// - Returns: the number of frames read; 0 at the end of the data.
    /// - Throws: ``AudioError`` `.io` when reading fails.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try position.withLockedValue { (framesDone: inout Int64) throws -> Int in
            let frameBytes = info.format.bytesPerFrame
            let wanted = min(Int64(buffer.count / frameBytes), info.frameCount - framesDone)
            guard wanted > 0 else { return 0 }
            let offset = info.dataOffset + framesDone * Int64(frameBytes)
            let got = try file.read(into: buffer.baseAddress!, count: Int(wanted) * frameBytes, at: offset)
            let frames = got / frameBytes
            if info.samplesAreLowAligned {
                SampleDecoder.raiseLowAligned24(
                    in: UnsafeMutableRawBufferPointer(rebasing: buffer[..<(frames * frameBytes)]))
            }
            framesDone += Int64(frames)
            return frames
        }
    }

    /// Reads up to `maximumFrames` frames as raw little-endian bytes.
    /// - Parameter maximumFrames: the most frames to read.
    /// - Returns: whole frames; empty at the end of the data.
    /// - Throws: ``AudioError`` `.io` when reading fails.
    public func readBytes(maximumFrames: Int) throws -> [UInt8] {
        let frameBytes = info.format.bytesPerFrame
        let frames = Int(min(Int64(maximumFrames), max(0, info.frameCount - framesRead)))
        var bytes = [UInt8](repeating: 0, count: frames * frameBytes)
        let got = try bytes.withUnsafeMutableBytes { (raw) throws -> Int in try read(into: raw) }
        bytes.removeSubrange((got * frameBytes)...)
        return bytes
    }

    /// Reads up to `maximumFrames` frames decoded to 32-bit integer samples the way sox does
    /// internally (`sox FILE -t raw -e signed -b 32 -` gives the same numbers).
    /// - Parameter maximumFrames: the most frames to read.
    /// - Returns: interleaved samples; empty at the end of the data.
    /// - Throws: ``AudioError`` `.io` when reading fails.
    public func readSamples(maximumFrames: Int) throws -> [Int32] {
        let bytes = try readBytes(maximumFrames: maximumFrames)
        return bytes.withUnsafeBytes { SampleDecoder.int32Samples(from: $0, format: info.format.sampleFormat) }
    }

    /// Moves the read position back to the first frame.
    public func rewind() {
        position.withLockedValue { $0 = 0 }
    }
}
