import JSONRPC
import PetDiary

/// `shutter.fire`.
struct ShutterMethods: MethodGroup {
    let diary: Diary
    let player: ShutterPlayer
    let events: EventBus

    func register(in registry: MethodRegistry) throws {
        try registry.register(ShutterFireHandler(diary: diary, player: player, events: events))
    }
}
