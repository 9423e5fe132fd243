import Audio
import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `sounds.play` as ToolkitAPI's ``SoundsPlay`` describes it: streams the sound's WAV file to the
/// device given, else the settings' `soundDevice`.
struct SoundsPlayHandler: RPCHandler {
    typealias Method = SoundsPlay

    let diary: Diary
    let playing: PlayingSounds

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let file = try await diary.soundFile(id: params.id)
        let device = try await Self.device(params.device, diary: diary)
        let playback = Playback(device: device)
        let stop = StopSignal()
        guard params.wait ?? false else {
            _ = try await BackgroundPlay.start(stop: stop, playing: playing, logger: context.logger) { written in
                try await playback.play(file: file, stop: stop, firstPeriodWritten: written)
            }
            return PlayRecord(soundId: params.id, device: device, finished: false)
        }
        let token = playing.begin(stop)
        defer { playing.end(token) }
        let report = try await playback.play(file: file, stop: stop)
        return PlayRecord(
            soundId: params.id, device: device, finished: true, framesWritten: report.framesWritten,
            underruns: report.underruns, stopped: report.stopped)
    }

    /// The device a call plays to: the one it names, else the settings' `soundDevice`.
    static func device(_ named: String?, diary: Diary) async throws -> String {
        if let named, !named.isEmpty { return named }
        return try await diary.store.settings.get().soundDevice
    }
}
