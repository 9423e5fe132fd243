import Audio
import JSONRPC
import NIOPosix
import ToolkitAPI

/// Answers `sounds.devices` as ToolkitAPI's ``SoundsDevices`` describes it, from ALSA's device hints (read on
/// NIO's blocking pool: alsa-lib parses its configuration files).
struct SoundsDevicesHandler: RPCHandler {
    typealias Method = SoundsDevices

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        let devices = try await NIOThreadPool.singleton.runIfActive { try DeviceList.pcmDevices() }
        return Method.Result(
            items: devices.map { Method.Device(name: $0.name, description: $0.description, direction: $0.direction) })
    }
}
