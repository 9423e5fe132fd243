import ArgumentParser
import ToolkitAPI

extension PhotosCommand {
    /// `toolkit photos rendition ID [--wait]`.
    struct Rendition: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show where a video's browser-playable copy stands, and its file.",
            discussion: """
                Prints the state and, when there is a file to play, its path: original PATH (the video plays in \
                a browser as it is), ready PATH (the H.264/AAC copy), queued, running 42%, failed: WHY, or \
                disabled (the config's videoTranscode is never). --wait makes the copy now if it is not made and \
                prints when it is ready; Ctrl-C stops ffmpeg and keeps nothing. Exits 1 when the copy failed.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The video's id (see toolkit photos list --kind video).") var id: String
        @Flag(help: "Make the copy now if it is not made, and wait until it is ready.") var wait = false

        func run() async throws {
            try await withCore(global) { core in
                guard let answer = try await core.call(PhotosRendition.self, .init(id: id, wait: wait ? true : nil))
                else { return }
                print(Self.line(answer))
                if answer.state == "failed" { throw ToolkitExit.rpcError }
            }
        }

        /// `ready /path`, `running 42%`, `failed: why`, …
        static func line(_ answer: PhotosRendition.Result) -> String {
            switch answer.state {
            case "running": "running \(Int(((answer.progress ?? 0) * 100).rounded(.down)))%"
            case "failed": "failed: \(answer.error ?? "no reason given")"
            case "disabled": "disabled (the config's videoTranscode is never)"
            default: answer.path.map { "\(answer.state) \($0)" } ?? answer.state
            }
        }
    }
}
