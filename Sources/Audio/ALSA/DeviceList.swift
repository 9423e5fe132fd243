#if canImport(Glibc)
import Glibc
#endif
import CALSA

/// The PCM devices ALSA knows, from its device hints (`snd_device_name_hint`).
public enum DeviceList {
    /// Lists the PCMs of every card plus the virtual ones (`null`, `default`, …).
    /// - Returns: the devices in ALSA's order.
    /// - Throws: ``AudioError`` `.device` with ALSA's text when the hints cannot be read.
    public static func pcmDevices() throws -> [PCMDeviceInfo] {
        ALSALibrary.prepare()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        let code = snd_device_name_hint(-1, "pcm", &hints)
        guard code == 0, let hints else {
            throw AudioError.alsa("list PCM devices", device: "(all cards)", code: code)
        }
        defer { snd_device_name_free_hint(hints) }
        var devices: [PCMDeviceInfo] = []
        var cursor = hints
        while let hint = cursor.pointee {
            if let name = string(hint, "NAME") {
                let description = (string(hint, "DESC") ?? "")
                    .split(separator: "\n").joined(separator: " — ")
                devices.append(PCMDeviceInfo(name: name, description: description, direction: string(hint, "IOID")))
            }
            cursor += 1
        }
        return devices
    }

    private static func string(_ hint: UnsafeMutableRawPointer, _ id: String) -> String? {
        guard let value = snd_device_name_get_hint(hint, id) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }
}
