import CALSA
import CALSAShim

extension AudioError {
    /// A device error carrying the PCM's name, ALSA's error number and `snd_strerror`'s text, plus
    /// the last message alsa-lib reported on this thread when there is one.
    static func alsa(
        _ action: String, device: String, code: Int32, file: String = #fileID, line: Int = #line
    ) -> AudioError {
        let text = String(cString: snd_strerror(code))
        let said = String(cString: toolkit_alsa_last_message())
        toolkit_alsa_clear_last_message()
        var message = "ALSA device \"\(device)\": cannot \(action): \(text)"
        if !said.isEmpty, !said.contains(text) {
            message += " (ALSA says: \(said))"
        }
        if code == -ENOENT {
            message += "; run `toolkit sound devices` to list the PCM names ALSA knows"
        }
        return AudioError(
            .device, message, device: device, alsaErrorNumber: code, alsaError: text, file: file, line: line)
    }
}

/// Keeps alsa-lib from printing to stderr; its messages are kept for ``AudioError`` instead.
enum ALSALibrary {
    private static let installed: Bool = {
        toolkit_alsa_install_error_handler()
        return true
    }()

    /// Installs the error handler once, before the first ALSA call.
    static func prepare() {
        _ = installed
    }
}
