import HTTPTypes
import Hummingbird
import JSONRPC
import MCPBridge
import ToolkitAPI

/// `POST /api/upload/sound?title=TITLE[&entry=ID]`: a WAV file as the body (`X-Filename` names it), streamed to a
/// staging file as ``UploadRoute`` streams a photo and imported as `sounds.import` imports a path; with `entry`,
/// the sound is then attached to that diary entry as a voice note (`notes.attach`). 200 with the sound record, or
/// with `entry` the note record; 400 without a title (or for one the core refuses); 404 for an entry that does
/// not exist; 413 over the upload limit (and over 256 MiB, the core's own limit for a sound); 415 with the core's
/// words for a file its WAV reader refuses. The staging file is removed whatever happens, and a sound whose note
/// could not be attached is deleted again, so a refused upload keeps nothing.
struct SoundUploadRoute: Sendable {
    /// The largest WAV file the core imports (`Diary.maximumSoundBytes`).
    static let coreLimit: Int64 = 256 << 20

    let link: CoreLink
    let dataDirectory: String
    let maximumBytes: Int64
    let fileIO = FileIO()

    private var limit: Int64 { min(maximumBytes, Self.coreLimit) }

    func upload(_ request: Request, context: WebRequestContext) async throws -> Response {
        guard let title = request.uri.queryParameters["title"].map(String.init), !title.isEmpty else {
            throw WebResponse.refusal(.badRequest, "Name the sound: POST /api/upload/sound?title=TITLE[&entry=ID].")
        }
        let entry = request.uri.queryParameters["entry"].map(String.init)
        if let entry, !entry.isRecordID {
            throw WebResponse.refusal(.notFound, "No entry has the id \(entry).")
        }
        if let declared = request.headers[.contentLength].flatMap(Int64.init), declared > limit { throw tooLarge }
        if let entry { _ = try await link.callRefusing(DiaryGet.name, RecordID(id: entry)) }

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
        if let entry {
            answer = try await attach(sound, to: entry)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: answer.buffer))
    }

    private var tooLarge: HTTPError {
        WebResponse.refusal(
            .contentTooLarge, "The file is larger than the limit for a sound, \(limit) bytes (limits.uploadBytes).")
    }

    /// Attaches the sound to the entry as a voice note; when that fails, deletes the sound again.
    private func attach(_ sound: RawJSON, to entry: String) async throws -> RawJSON {
        let id = try sound.decode(SoundRecord.self).id
        do {
            return try await link.callRefusing(NotesAttach.name, NotesAttach.Params(soundId: id, entryId: entry))
        } catch {
            _ = try? await link.call(SoundsDelete.name, params: RawJSON(encoding: ForcedDeletion(id: id, force: true)))
            throw error
        }
    }
}
