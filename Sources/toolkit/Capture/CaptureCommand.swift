import ArgumentParser
import Foundation
import JSONRPC
import ToolkitAPI

/// `toolkit capture photo|video --pet NAME [--seconds N] [--audio]`: the camera, through the shutter-capture
/// plugin's methods.
struct CaptureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "capture",
        abstract: "Take a photo or record a clip with the camera, into the pet's album.",
        discussion: """
              toolkit capture photo --pet 보리             one frame, into 보리's first album
              toolkit capture video --pet 보리 --seconds 10 --audio
            The shutter-capture plugin does the work (shutter.capture, capture.video): it must be loaded \
            (toolkit plugins list), with its source option naming the camera (/dev/video0 by default). A video \
            plays the pet's shutter sound first, shows a progress line while it records, and Ctrl-C cancels it: \
            nothing is kept. Prints the new photo's or video's id; with --json, the core's result.
            """,
        subcommands: [Photo.self, Video.self])

    /// Options both subcommands take.
    struct Target: ParsableArguments {
        @Option(help: ArgumentHelp("The pet, by name or id: its first album gets the photo.", valueName: "name|id"))
        var pet: String?

        /// The pet's id, looked up by name when a name was given.
        func petId(_ core: CoreCall) async throws -> String? {
            guard let pet else { return nil }
            return try await core.petId(for: pet)
        }
    }

    struct Photo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take one photo with the camera.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: Target

        func run() async throws {
            try await withCore(global) { core in
                let petId = try await target.petId(core)
                let photo: PhotoRecord?
                do {
                    photo = try await core.call(
                        CaptureMethods.Photo.self, .init(petId: petId), quietly: CaptureMethods.isMissingPlugin)
                } catch let error as RPCError {
                    throw CaptureCommand.missingPlugin(error)
                }
                guard let photo else { return }
                let album = await CaptureCommand.albumName(photo.albumId, core)
                print("Took photo \(photo.id)\(CaptureCommand.details(of: photo)) into album \(album)")
            }
        }
    }

    struct Video: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a clip with the camera (Ctrl-C cancels: nothing is kept).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var target: Target
        @Option(help: "How long to record, in whole seconds: 1 to 600.") var seconds: Int
        @Flag(help: "Record sound too, from the plugin's audioSource option.") var audio = false
        @Flag(help: "No progress line.") var quiet = false

        func validate() throws {
            guard (1...600).contains(seconds) else {
                throw ValidationError("--seconds must be a whole number from 1 to 600, not \(seconds)")
            }
        }

        func run() async throws {
            try await withCore(global) { core in
                let petId = try await target.petId(core)
                let video: PhotoRecord?
                do {
                    video = try await CoreRecording.run(
                        CaptureMethods.Video.self, core: core, quiet: quiet, quietly: CaptureMethods.isMissingPlugin
                    ) { progress in
                        .init(
                            petId: petId, seconds: seconds, audio: audio ? true : nil, progress: progress ? true : nil)
                    }
                } catch let error as RPCError {
                    throw CaptureCommand.missingPlugin(error)
                }
                guard let video else { return }
                let album = await CaptureCommand.albumName(video.albumId, core)
                print("Recorded video \(video.id)\(CaptureCommand.details(of: video)) into album \(album)")
            }
        }
    }

    /// `산책 (ID)`: the album's title with its id; the id alone when the core cannot say.
    static func albumName(_ id: String, _ core: CoreCall) async -> String {
        guard let album = try? await core.client.call(AlbumsGet.self, .init(id: id)) else { return id }
        return "\(album.title) (\(id))"
    }

    /// ` (320×240)` for a photo, ` (320×240, 10.0 s)` for a video: what is known of it.
    static func details(of photo: PhotoRecord) -> String {
        var parts: [String] = []
        if let width = photo.width, let height = photo.height { parts.append("\(width)×\(height)") }
        if let seconds = photo.durationSeconds { parts.append(String(format: "%.1f s", seconds)) }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    /// Says that the plugin is not loaded, and exits 1.
    static func missingPlugin(_ error: RPCError) -> ExitCode {
        printError(
            "toolkit capture needs the \(CaptureMethods.plugin) plugin, which is not loaded (the core answered: "
                + "\(error.message)). See `toolkit plugins list`, and docs/plugins.md for loading plugins.")
        return ToolkitExit.rpcError
    }
}
