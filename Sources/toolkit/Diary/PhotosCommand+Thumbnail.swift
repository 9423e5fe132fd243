import ArgumentParser
import Archiving
import Foundation
import JSONRPC
import ToolkitAPI

extension PhotosCommand {
    /// `toolkit photos thumbnail ID [--size N] [-o FILE]`: the JPEG `photos.thumbnail` makes, as bytes.
    struct Thumbnail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a photo's JPEG thumbnail, or a video's poster, to a file or a pipe.",
            discussion: """
                  toolkit photos thumbnail ID -o thumb.jpg
                  toolkit photos thumbnail ID --size 512 > poster.jpg
                  toolkit photos thumbnail ID | display -          to a program that reads JPEG
                Upright, never enlarged; the core makes each size once and keeps it. Without -o the JPEG goes \
                to standard output, which must be a file or a pipe, not the terminal. -o writes the whole file \
                or nothing, replacing one already there. With --json the core's result is printed instead \
                (its bytes in base64; with -o the file is written too).
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo's or video's id (see toolkit photos list).") var id: String
        @Option(help: ArgumentHelp("The longest side at most, in pixels (16–2048).", valueName: "pixels"))
        var size = 256
        @Option(
            name: [.customShort("o"), .long],
            help: ArgumentHelp("The file to write; standard output if left out.", valueName: "file"))
        var output: String?

        func validate() throws {
            guard (16...2048).contains(size) else {
                throw ValidationError("--size \(size) is out of range; ask for 16 to 2048 pixels.")
            }
        }

        func run() async throws {
            if output == nil && !global.json && standardOutputIsTerminal {
                throw ValidationError(
                    "A JPEG is not for the terminal: give -o FILE, or send it to a file or a pipe (> thumb.jpg).")
            }
            try await withCore(global, flags: ParamFlags(self)) { core in
                let result = try await core.raw(
                    PhotosThumbnail.name, params: RawJSON(encoding: PhotosThumbnail.Params(id: id, size: size)))
                let thumbnail = try result.decode(PhotosThumbnail.Result.self)
                guard let jpeg = Data(base64Encoded: thumbnail.data) else {
                    printError("The core's thumbnail of \(id) is not base64.")
                    throw ToolkitExit.protocolError
                }
                if let output {
                    try write(jpeg, to: output)
                    if !global.json {
                        printError(
                            "Wrote the thumbnail of \(thumbnail.photoId), at most \(thumbnail.size) pixels, "
                                + "to \(output) (\(Int64(jpeg.count).humanBytes)).")
                    }
                }
                if global.json {
                    print(result.text)
                } else if output == nil {
                    FileHandle.standardOutput.write(jpeg)
                }
            }
        }
    }
}

/// Writes `data` to `path` whole or not at all (Archiving's ``AtomicFile``: a temp file beside it, fsync, rename).
/// - Throws: `ValidationError` with Archiving's reason, which names `path`; nothing is left under either name.
private func write(_ data: Data, to path: String) throws {
    do {
        let file = try AtomicFile(path: path)
        try data.withUnsafeBytes { try file.write($0) }
        try file.commit()
    } catch let error as ArchiveError {
        throw ValidationError("Cannot write the thumbnail: \(error.message).")
    }
}
