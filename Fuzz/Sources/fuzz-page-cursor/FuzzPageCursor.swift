import CFuzzer
import Glibc
import Hashing
import Foundation
@testable import PetDiary  // PageCursor is internal to PetDiary

/// The database's signing key.
private let key = HMACKey([UInt8](repeating: 7, count: 32))

/// Reads arbitrary text as a page cursor with `PageCursor.decode`. An input whose first byte is even is the
/// cursor text as a client could send it; an odd one is a payload this harness signs with the key, so that the
/// field parsing behind the signature check is reached. A cursor that decodes must encode and decode back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageCursor(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    guard let first = input.first else { return 0 }
    let rest = Data(input[1...])
    let keyCount = Int(first >> 1) % 4
    let text: String
    if first & 1 == 0 {
        text = String(decoding: rest, as: UTF8.self)
    } else {
        let mac = Data(HMACSHA256.authenticationCode(for: rest, key: key)).prefix(16)
        text = (rest + mac).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    guard let cursor = try? PageCursor.decode(text, scope: "entries", keyCount: keyCount, signingKey: key) else {
        return 0
    }
    let again = try! PageCursor.decode(
        cursor.encoded(signingKey: key), scope: "entries", keyCount: keyCount, signingKey: key)
    precondition(again == cursor, "the cursor changed in a round trip: \(cursor), \(again)")
    return 0
}

@main
enum Main {
    static func main() {
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPageCursor(data!, size) })
    }
}
