import JSONRPC
import ToolkitAPI

/// The shutter-capture plugin's methods, as `toolkit capture` calls them. They are not the core's own: the
/// plugin adds them to the catalogue when it is loaded (`rpc.discover` then describes them).
enum CaptureMethods {
    /// The plugin that answers them, for the message when it is not loaded.
    static let plugin = "shutter-capture"

    /// `shutter.capture {petId?}` → the imported photo.
    enum Photo: APIMethod {
        static let name = "shutter.capture"
        static let effect: RPCMethodEffect = .write
        static let summary = "Grabs one frame from the camera and imports it into the pet's album; answers the photo."

        struct Params: Codable, Sendable, Hashable {
            var petId: String?
        }

        typealias Result = PhotoRecord
    }

    /// `capture.video {petId?, seconds, audio?, progress?}` → the imported video.
    enum Video: APIMethod {
        static let name = "capture.video"
        static let effect: RPCMethodEffect = .write
        static let summary = """
            Plays the pet's shutter sound, records a clip of the given seconds from the camera and imports it into \
            the pet's album; answers the video.
            """

        struct Params: Codable, Sendable, Hashable {
            var petId: String?
            var seconds: Int
            var audio: Bool?
            var progress: Bool?
        }

        typealias Result = PhotoRecord
    }

    /// Whether `error` says no loaded plugin answers the method: the core does not know it, or the plugin is
    /// not running.
    static func isMissingPlugin(_ error: RPCError) -> Bool {
        error.code == .methodNotFound
    }
}
