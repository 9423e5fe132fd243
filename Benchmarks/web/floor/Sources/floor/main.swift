#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import NIOCore

// floor FILE PORT: serves FILE's bytes as image/jpeg at http://127.0.0.1:PORT/thumb.jpg, and nothing else.
let arguments = CommandLine.arguments
guard arguments.count == 3, let port = Int(arguments[2]), let contents = readFile(arguments[1]) else {
    fatalError("usage: floor FILE PORT")
}
let router = Router()
router.get("/thumb.jpg") { _, _ in
    Response(status: .ok, headers: [.contentType: "image/jpeg"], body: .init(byteBuffer: contents))
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await app.runService()

func readFile(_ path: String) -> ByteBuffer? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes = ByteBuffer()
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes.writeBytes(chunk[..<count])
    }
    return bytes
}
