import CFuzzer
import Glibc
import Media

/// Inspects arbitrary bytes as a photo or video with ``MediaInspector``, as an import does: the content
/// sniffer, then the JPEG, PNG, GIF, WebP, HEIF, MP4/MOV (with its fragments), WebM/Matroska (EBML), AVI (RIFF)
/// and EXIF readers.
/// What it accepts must be one of the sniffed types, with sizes that are not negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMedia(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let sniffed = try? MediaInspector.mediaType(ofPrefix: Array(bytes.prefix(64)))
    guard let info = try? MediaInspector().inspect(bytes: bytes) else { return 0 }
    precondition(info.mediaType == sniffed, "inspected as \(info.mediaType), sniffed as \(sniffed ?? "nothing")")
    precondition((info.width ?? 0) >= 0 && (info.height ?? 0) >= 0, "a negative size in \(info)")
    return 0
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzMedia(data!, size) })
    }
}
