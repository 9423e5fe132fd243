#if canImport(Glibc)
import Glibc
#endif
import CALSA
import CALSAShim

/// Opens an ALSA PCM and closes it at once, to tell whether sounds could be played to it or recorded from it:
/// listing the PCM names says nothing about whether a card is behind them.
public enum DeviceProbe {
    /// Why the PCM `name` cannot be opened for playback (or, with `capture`, recording), in ALSA's words;
    /// nil when it opens, or is only busy (it is there, another program is using it).
    public static func problem(opening name: String, capture: Bool) -> String? {
        ALSALibrary.prepare()
        toolkit_alsa_clear_last_message()
        var pcm: OpaquePointer?
        let stream = capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        let code = snd_pcm_open(&pcm, name, stream, SND_PCM_NONBLOCK)
        if code == 0, let pcm {
            snd_pcm_close(pcm)
            return nil
        }
        if code == -EBUSY { return nil }
        return AudioError.alsa("open it for \(capture ? "capture" : "playback")", device: name, code: code).message
    }
}
