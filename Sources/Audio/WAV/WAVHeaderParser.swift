/// Reads and checks the chunk structure of a RIFF/WAVE file without reading its samples.
///
/// Only headers are read (a few dozen bytes per chunk), so a header that claims gigabytes costs nothing.
struct WAVHeaderParser {
    /// The most chunks scanned before giving up on a file (a file of millions of empty chunks is not audio).
    static let maximumChunks = 10_000
    /// The KSDATAFORMAT_SUBTYPE GUID tail shared by the PCM and float sub-formats of WAVE_FORMAT_EXTENSIBLE.
    static let subFormatGUIDTail: [UInt8] = [
        0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71,
    ]

    let file: FileDescriptor
    /// The file's name as used in messages.
    let name: String

    init(file: FileDescriptor) {
        self.file = file
        self.name = file.path.split(separator: "/").last.map(String.init) ?? file.path
    }

    func parse() throws -> WAVInfo {
        let fileSize = try file.size()
        guard fileSize >= 12 else {
            throw malformed("the file is \(fileSize) bytes long, too short for a WAV header (at least 44 bytes)")
        }
        let head = try file.read(count: 12, at: 0)
        let magic = head.fourCC(at: 0)
        guard magic == "RIFF" else {
            if magic == "RF64" || magic == "RIFX" {
                throw AudioError(
                    .unsupportedFormat,
                    "\(name): \(magic) files are not supported; convert it with `sox \(name) -e signed -b 16 out.wav`")
            }
            throw malformed("not a WAV file: it starts with '\(magic)', not 'RIFF'")
        }
        guard head.fourCC(at: 8) == "WAVE" else {
            throw malformed("a RIFF file of type '\(head.fourCC(at: 8))', not a WAVE audio file")
        }
        var notes: [String] = []
        let riffSize = head.u32(at: 4)
        if riffSize + 8 != fileSize {
            notes.append("the RIFF header says \(riffSize + 8) bytes but the file has \(fileSize)")
        }

        var chunks: [String] = []
        var fmt: [UInt8]?
        var data: (offset: Int64, count: Int64)?
        var offset: Int64 = 12
        var dataRunsToEnd = false
        while offset + 8 <= fileSize, chunks.count < Self.maximumChunks {
            let header = try file.read(count: 8, at: offset)
            let id = header.fourCC(at: 0)
            let size = header.u32(at: 4)
            let body = offset + 8
            let available = fileSize - body
            chunks.append(id)
            switch id {
            case "fmt ":
                guard fmt == nil else {
                    notes.append("a second fmt chunk at offset \(offset) is ignored")
                    break
                }
                guard size >= 16 else {
                    throw malformed("its fmt chunk is \(size) bytes; a fmt chunk has at least 16")
                }
                guard available >= 16 else {
                    throw malformed(
                        "the header is cut short: the fmt chunk ends after \(available) of its \(size) bytes")
                }
                fmt = try file.read(count: Int(min(size, 40, available)), at: body)
            case "data":
                guard data == nil else {
                    notes.append("a second data chunk at offset \(offset) is ignored")
                    break
                }
                if size == 0 || size == 0xFFFF_FFFF {
                    notes.append(
                        "the data size is \(size == 0 ? "0" : "0xFFFFFFFF") (as a streaming writer leaves it); "
                            + "reading to the end of the file")
                    data = (body, available)
                    dataRunsToEnd = true
                } else if size > available {
                    notes.append(
                        "the data chunk claims \(size) bytes but only \(available) follow; reading what is there")
                    data = (body, available)
                    dataRunsToEnd = true
                } else {
                    data = (body, size)
                }
            default:
                break
            }
            let next = body + size + (size & 1)
            if next > fileSize {
                if id != "data" {
                    notes.append(
                        "chunk '\(id)' claims \(size) bytes but the file ends \(available) bytes after its header")
                }
                offset = fileSize
                break
            }
            if dataRunsToEnd {
                offset = fileSize
                break
            }
            offset = next
        }
        if offset < fileSize {
            notes.append("\(fileSize - offset) stray bytes after the last chunk are ignored")
        }

        guard let fmt else {
            if data == nil && chunks.isEmpty {
                throw malformed("the header is cut short: the file ends after \(fileSize) bytes, before the fmt chunk")
            }
            throw malformed("it has no fmt chunk, so its sample format is unknown")
        }
        var info = try describe(fmt: fmt, chunks: chunks, notes: notes)
        guard let data else {
            throw malformed("it has no data chunk, so there are no samples to play")
        }
        let frameBytes = Int64(info.format.bytesPerFrame)
        let stray = data.count % frameBytes
        if stray != 0 {
            info.notes.append("the data ends with a partial frame (\(stray) stray bytes), which is ignored")
        }
        info.dataOffset = data.offset
        info.dataByteCount = data.count - stray
        return info
    }

    /// Checks the fmt chunk and turns it into a format.
    private func describe(fmt: [UInt8], chunks: [String], notes: [String]) throws -> WAVInfo {
        let tag = fmt.u16(at: 0)
        let channels = fmt.u16(at: 2)
        let rate = Int(fmt.u32(at: 4))
        let byteRate = fmt.u32(at: 8)
        let blockAlign = fmt.u16(at: 12)
        let bits = fmt.u16(at: 14)
        var notes = notes
        var subTag: Int?
        var validBits: Int?
        var mask: Int64?
        if tag == WAVFormatTag.extensible {
            guard fmt.count >= 40 else {
                throw malformed("its WAVE_FORMAT_EXTENSIBLE fmt chunk is \(fmt.count) bytes; it needs 40")
            }
            let valid = fmt.u16(at: 18)
            guard valid <= bits else {
                throw malformed(
                    "its WAVE_FORMAT_EXTENSIBLE fmt chunk says \(valid) valid bits per sample, more than its "
                        + "\(bits)-bit containers hold")
            }
            validBits = valid
            mask = fmt.u32(at: 20)
            subTag = fmt.u16(at: 24)
            guard Array(fmt[26..<40]) == Self.subFormatGUIDTail else {
                throw AudioError(
                    .unsupportedFormat,
                    "\(name): its WAVE_FORMAT_EXTENSIBLE sub-format GUID is not PCM or float; "
                        + "convert it with `sox \(name) -e signed -b 16 out.wav`")
            }
        }
        let effectiveTag = subTag ?? tag
        let sampleFormat: SampleFormat
        var lowAligned = false
        switch effectiveTag {
        case WAVFormatTag.pcm where subTag == nil && bits == 24 && channels > 0 && blockAlign == 4 * channels:
            // ALSA's S24_LE, as `arecord -f S24_LE` writes it: 24-bit samples in the low 3 bytes of
            // little-endian 4-byte containers. The reader moves each one to the top: 32-bit PCM.
            sampleFormat = .signed32
            validBits = 24
            lowAligned = true
        case WAVFormatTag.pcm:
            guard let format = SampleFormat.integer(bits: bits) else {
                throw unsupported("\(bits)-bit PCM is not supported (8, 16, 24 and 32 are)")
            }
            sampleFormat = format
        case WAVFormatTag.float:
            guard let format = SampleFormat.float(bits: bits) else {
                throw unsupported("\(bits)-bit float is not supported (32 and 64 are)")
            }
            sampleFormat = format
        default:
            throw unsupported("\(WAVFormatTag.name(effectiveTag)) (format \(effectiveTag)) is not supported")
        }
        guard channels > 0 else {
            throw malformed("its fmt chunk declares 0 channels")
        }
        guard channels <= AudioFormat.maximumChannels else {
            throw unsupported("\(channels) channels are more than the \(AudioFormat.maximumChannels) supported")
        }
        guard rate > 0, rate <= AudioFormat.maximumRate else {
            throw malformed("its sample rate of \(rate) Hz is not a usable rate (1 to \(AudioFormat.maximumRate) Hz)")
        }
        let format = AudioFormat(sampleFormat: sampleFormat, rate: rate, channels: channels)
        guard blockAlign == format.bytesPerFrame else {
            throw malformed(
                "its block align is \(blockAlign) bytes, but \(channels) channel(s) of \(bits)-bit samples "
                    + "need \(format.bytesPerFrame)")
        }
        if byteRate != Int64(rate * format.bytesPerFrame) {
            notes.append("the byte rate says \(byteRate) but \(format) is \(rate * format.bytesPerFrame) bytes/s")
        }
        return WAVInfo(
            format: format, formatTag: tag, subFormatTag: subTag, validBitsPerSample: validBits, channelMask: mask,
            samplesAreLowAligned: lowAligned, dataOffset: 0, dataByteCount: 0, chunks: chunks, notes: notes)
    }

    private func malformed(_ reason: String) -> AudioError {
        AudioError(.malformedFile, "\(name): \(reason)")
    }

    private func unsupported(_ reason: String) -> AudioError {
        AudioError(.unsupportedFormat, "\(name): \(reason); convert it with `sox \(name) -e signed -b 16 out.wav`")
    }
}
