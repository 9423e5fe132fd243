import JSONRPC
import PetDiary
import ToolkitAPI

/// Answers `shutter.fire` as ToolkitAPI's ``ShutterFire`` describes it: chooses the sound (the pet's, else the
/// settings' default, else the built-in clicker), plays it through the ``ShutterPlayer``, answers once the
/// first period is written and publishes `shutter.fired {petId, soundId, at}`.
///
/// `shutter.fired` goes straight to the bus rather than through ``DiaryEvent``: nothing in the diary changed.
struct ShutterFireHandler: RPCHandler {
    typealias Method = ShutterFire

    let diary: Diary
    let player: ShutterPlayer
    let events: EventBus

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let started = ContinuousClock.now
        let choice = try await diary.shutterSound(petId: params.petId)
        let (sound, source) = (choice.sound, choice.source)
        let device = params.device.flatMap { $0.isEmpty ? nil : $0 } ?? choice.soundDevice
        let written = try await player.fire(
            file: choice.file, sha256: sound.sha256, device: device, logger: context.logger)
        let at = Timestamp.now()
        events.publish(ShutterFired.self, ShutterFiredRecord(petId: params.petId, soundId: sound.id, at: at))
        let latency = written - started
        return Method.Result(
            petId: params.petId, soundId: sound.id, source: source.rawValue, device: device, at: at,
            latencyMs: Double(latency.components.seconds) * 1_000 + Double(latency.components.attoseconds) / 1e15)
    }
}
