import CFuzzer
import Glibc
import Archiving

/// Decodes arbitrary bytes as a bundle's manifest.json with ``BundleManifest/decode(_:)``; a manifest it
/// accepts must encode and decode back to itself, as a bundle written from it would be read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundleManifest(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let manifest = try? BundleManifest.decode(bytes) else { return 0 }
    let again = try! BundleManifest.decode(try! manifest.encoded())
    precondition(again == manifest, "the manifest changed in a round trip:\n\(manifest)\n\(again)")
    return 0
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzBundleManifest(data!, size) })
    }
}
