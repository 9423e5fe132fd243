import HTTPTypes
import Hummingbird
import JSONRPC
import MCPBridge
import ToolkitAPI

/// `POST /api/upload/sound?title=TITLE[&entry=ID | &photo=ID]`: a WAV file as the body (`X-Filename` names it),
/// streamed to a staging file as ``UploadRoute`` streams a photo and imported as `sounds.import` imports a path;
/// with `entry` or `photo`, the sound is then attached to that diary entry or photo as a voice note
/// (`notes.attach`). 200 with the sound record, or with a target the note record; 400 without a title (or for one
/// the core refuses) or with both targets; 404 for an entry or photo that does not exist; 413 over the upload limit
/// (and over 256 MiB, the core's own limit for a sound); 415 with the core's words for a file its WAV reader
/// refuses. The staging file is removed whatever happens, and a sound whose note could not be attached is deleted
/// again, so a refused upload keeps nothing.
struct SoundUploadRoute: Sendable {
    /// The largest WAV file the core imports (`Diary.maximumSoundBytes`).
    static let coreLimit: Int64 = 256 << 20

    let link: RPCLink
    let dataDirectory: String
    let maximumBytes: Int64
    let fileIO = FileIO()

    private var limit: Int64 { min(maximumBytes, Self.coreLimit) }

    func upload(_ request: Request, context: WebRequestContext) async throws -> Response {
        guard let title = request.uri.queryParameters["title"].map(String.init), !title.isEmpty else {
            throw WebResponse.refusal(
                .badRequest, "Name the sound: POST /api/upload/sound?title=TITLE[&entry=ID | &photo=ID].")
        }
        let query = request.uri.queryParameters
        let target = try NoteTarget(entry: query["entry"].map(String.init), photo: query["photo"].map(String.init))
        if let declared = request.headers[.contentLength].flatMap(Int64.init), declared > limit { throw tooLarge }
        if let target { _ = try await link.callRefusing(target.getMethod, RecordID(id: target.id)) }

        let staging = try StagingFile(in: dataDirectory + "/blobs/tmp", named: request.headers[.filename])
        defer { staging.remove() }
        guard try await staging.write(request.body, limit: limit, fileIO: fileIO, context: context) else {
            throw tooLarge
        }
        let sound: RawJSON
        do {
            sound = try await link.call(
                SoundsImport.name, params: RawJSON(encoding: SoundsImport.Params(path: staging.path, title: title)))
        } catch let error as RPCError
            where error.code == .invalidParams
            && ["malformed-wav", "unsupported-wav"].contains(WebResponse.reason(of: error))
        {
            // The core names the staging file; the person knows the file by its own name.
            let name = "'" + StagingFile.fileName(request.headers[.filename]) + "'"
            throw WebResponse.refusal(.unsupportedMediaType, error.message.replacing("'\(staging.path)'", with: name))
        } catch {
            throw WebResponse.refusal(for: error)
        }
        var answer = sound
        if let target {
            answer = try await attach(sound, to: target)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: answer.buffer))
    }

    private var tooLarge: HTTPError {
        WebResponse.refusal(
            .contentTooLarge, "The file is larger than the limit for a sound, \(limit) bytes (limits.uploadBytes).")
    }

    /// Attaches the sound to the entry or photo as a voice note; when that fails, deletes the sound again.
    private func attach(_ sound: RawJSON, to target: NoteTarget) async throws -> RawJSON {
        let id = try sound.decode(SoundRecord.self).id
        let params: NotesAttach.Params
        switch target {
        case .entry(let entry): params = .init(soundId: id, entryId: entry)
        case .photo(let photo): params = .init(soundId: id, photoId: photo)
        }
        do {
            return try await link.callRefusing(NotesAttach.name, params)
        } catch {
            _ = try? await link.call(SoundsDelete.name, params: RawJSON(encoding: ForcedDeletion(id: id, force: true)))
            throw error
        }
    }
}

/// What an uploaded sound becomes a voice note of: `?entry=ID` or `?photo=ID`, never both.
enum NoteTarget {
    case entry(String)
    case photo(String)

    /// The target the query's `entry` and `photo` name; nil when they name none.
    /// - Throws: 400 for both, 404 for an id that cannot be a record's.
    init?(entry: String?, photo: String?) throws {
        switch (entry, photo) {
        case (nil, nil): return nil
        case (let entry?, nil): self = .entry(entry)
        case (nil, let photo?): self = .photo(photo)
        case (.some, .some):
            throw WebResponse.refusal(.badRequest, "A voice note is for an entry or a photo: give entry or photo.")
        }
        guard id.isRecordID else { throw WebResponse.refusal(.notFound, "No \(kind) has the id \(id).") }
    }

    var id: String {
        switch self {
        case .entry(let id), .photo(let id): id
        }
    }

    var kind: String {
        switch self {
        case .entry: "entry"
        case .photo: "photo"
        }
    }

    /// The method that says whether the target exists (-32001, so 404, when it does not).
    var getMethod: String {
        switch self {
        case .entry: DiaryGet.name
        case .photo: PhotosGet.name
        }
    }
}
