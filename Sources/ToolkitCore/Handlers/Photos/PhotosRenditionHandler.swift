import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `photos.rendition` as ToolkitAPI's ``PhotosRendition`` describes it.
struct PhotosRenditionHandler: RPCHandler {
    typealias Method = PhotosRendition

    let renditions: RenditionQueue

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let state: RenditionState
        if params.wait == true {
            let reporter = context.progressReporter(unit: "milliseconds")
            let video = try await renditions.diary.video(id: params.id)
            let total = video.durationSeconds.map { Int($0 * 1000) }
            state = try await renditions.waitForCopy(ofVideo: params.id) { share in
                guard let total else { return }
                reporter.report(done: Int(share * Double(total)), total: total)
            }
        } else {
            state = try await renditions.state(ofVideo: params.id)
        }
        return Self.result(params.id, state, showingPaths: PathAccess.mayNamePaths(context))
    }

    /// The wire form of `state`; paths only for the core's own user.
    static func result(_ photoId: String, _ state: RenditionState, showingPaths: Bool) -> Method.Result {
        var result = Method.Result(photoId: photoId, state: state.name)
        switch state {
        case .original(let sha256, let path, let bytes, let mediaType):
            result.path = path
            result.sha256 = sha256
            result.bytes = bytes
            result.mediaType = mediaType
        case .ready(let stored):
            result.path = stored.path
            result.sha256 = stored.sha256
            result.bytes = stored.bytes
            result.mediaType = "video/mp4"
        case .running(let progress):
            result.progress = progress
        case .failed(let error):
            result.error = error
        case .queued, .disabled:
            break
        }
        if !showingPaths { result.path = nil }
        return result
    }
}
