import CFuzzer
import Audio
import Glibc

/// The input as a file for ``WAVReader`` (its parser reads files by position), rewritten for every input;
/// the process id keeps parallel fuzzers (`-jobs`) apart.
private let path = "/tmp/toolkit-fuzz-wav-\(getpid()).wav"

/// Writes arbitrary bytes to a file and reads it as WAV: the header parser, then every sample through
/// ``SampleDecoder`` in reads of 1,000 frames, as playback and `sounds.import` do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWAV(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    precondition(fd >= 0, "cannot create \(path)")
    precondition(count == 0 || write(fd, start, count) == count, "cannot write \(path)")
    close(fd)
    guard let reader = try? WAVReader(path: path) else { return 0 }
    let info = reader.info
    precondition(info.dataOffset >= 0 && info.dataByteCount >= 0, "negative data chunk in \(info)")
    precondition(info.format.bytesPerFrame > 0, "no bytes per frame in \(info)")
    var frames: Int64 = 0
    while frames <= 1 << 20, let samples = try? reader.readSamples(maximumFrames: 1000), !samples.isEmpty {
        precondition(samples.count % info.format.channels == 0, "\(samples.count) samples for \(info.format)")
        frames += Int64(samples.count / info.format.channels)
    }
    precondition(frames <= info.frameCount, "read \(frames) frames of \(info.frameCount)")
    return 0
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzWAV(data!, size) })
    }
}
