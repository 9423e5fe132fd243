#if canImport(Glibc)
import Glibc
#endif
import CALSA
import CALSAShim

/// An open ALSA PCM in blocking mode, configured for interleaved frames of one ``AudioFormat``.
///
/// `@unchecked Sendable`: a `PCM` is only used by one thread at a time (the device thread of the
/// ``Playback``, ``Recording`` or ``PreparedSound`` that owns it); only `name` and `format` are read
/// elsewhere, and they never change.
final class PCM: @unchecked Sendable {
    enum Direction {
        case playback, capture

        var stream: snd_pcm_stream_t { self == .playback ? SND_PCM_STREAM_PLAYBACK : SND_PCM_STREAM_CAPTURE }
        var word: String { self == .playback ? "playback" : "capture" }
    }

    let name: String
    let format: AudioFormat
    /// Frames per period as ALSA chose them.
    let periodFrames: Int
    /// Frames in the whole ring buffer.
    let bufferFrames: Int
    private let handle: OpaquePointer
    /// A private configuration tree the PCM was opened from, freed after the PCM is closed.
    private let configuration: OpaquePointer?
    /// Underruns (playback) or overruns (capture) recovered from.
    private(set) var xruns = 0

    /// Opens and configures a PCM.
    /// - Parameters:
    ///   - name: an ALSA PCM name (`default`, `null`, `file:'/tmp/out.raw',raw`, a name from `.asoundrc`).
    ///   - configuration: extra ALSA configuration text merged over the system's, or `nil`.
    ///   - direction: playback or capture.
    ///   - format: the frames that will be written or read; the `plug` layer converts when the device differs.
    ///   - latency: the buffer length to ask for.
    init(
        name: String, configuration text: String?, direction: Direction, format: AudioFormat,
        latency: Duration
    ) throws {
        ALSALibrary.prepare()
        toolkit_alsa_clear_last_message()
        let configuration = try text.map { (text) throws in try Self.loadConfiguration(text, device: name) }
        var pcm: OpaquePointer?
        let opened =
            if let configuration {
                snd_pcm_open_lconf(&pcm, name, direction.stream, 0, configuration)
            } else {
                snd_pcm_open(&pcm, name, direction.stream, 0)
            }
        guard opened == 0, let pcm else {
            if let configuration { snd_config_delete(configuration) }
            throw AudioError.alsa("open it for \(direction.word)", device: name, code: opened)
        }
        guard let alsaFormat = format.sampleFormat.alsaFormat else {
            snd_pcm_close(pcm)
            if let configuration { snd_config_delete(configuration) }
            throw AudioError(.invalidArgument, "\(format.sampleFormat) has no ALSA equivalent", device: name)
        }
        let microseconds = UInt32(
            clamping: latency.components.seconds * 1_000_000 + latency.components.attoseconds / 1_000_000_000_000)
        let set = snd_pcm_set_params(
            pcm, alsaFormat, SND_PCM_ACCESS_RW_INTERLEAVED, UInt32(format.channels), UInt32(format.rate), 1,
            microseconds)
        var buffer: snd_pcm_uframes_t = 0
        var period: snd_pcm_uframes_t = 0
        let got = set == 0 ? snd_pcm_get_params(pcm, &buffer, &period) : set
        guard got == 0 else {
            snd_pcm_close(pcm)
            if let configuration { snd_config_delete(configuration) }
            throw AudioError.alsa("use \(format)", device: name, code: got)
        }
        self.name = name
        self.format = format
        self.handle = pcm
        self.configuration = configuration
        self.periodFrames = max(1, Int(period))
        self.bufferFrames = max(1, Int(buffer))
    }

    deinit {
        snd_pcm_close(handle)
        if let configuration { snd_config_delete(configuration) }
    }

    /// Writes `frames` frames from `bytes`, recovering from underruns, until all are written or `stop` is set.
    /// - Returns: the frames written.
    @discardableResult
    func write(_ bytes: UnsafeRawPointer, frames: Int, stop: StopSignal? = nil) throws -> Int {
        var done = 0
        while done < frames, stop?.isStopped != true {
            let n = snd_pcm_writei(
                handle, bytes + done * format.bytesPerFrame, snd_pcm_uframes_t(frames - done))
            if n < 0 {
                try recover(Int32(n), action: "write to it")
                continue
            }
            done += n
        }
        return done
    }

    /// Reads up to `frames` frames into `bytes` (zeroed first: file and null PCMs leave the buffer
    /// untouched past their input's end), recovering from overruns.
    /// - Returns: the frames read.
    func read(into bytes: UnsafeMutableRawPointer, frames: Int) throws -> Int {
        memset(bytes, 0, frames * format.bytesPerFrame)
        while true {
            let n = snd_pcm_readi(handle, bytes, snd_pcm_uframes_t(frames))
            if n >= 0 { return n }
            try recover(Int32(n), action: "read from it")
        }
    }

    /// Lets everything written play out.
    func drain() throws {
        let code = snd_pcm_drain(handle)
        guard code == 0 else { throw AudioError.alsa("drain it", device: name, code: code) }
    }

    /// Stops at once, dropping what is buffered.
    func drop() {
        snd_pcm_drop(handle)
    }

    /// Ends a playback: drops what is buffered when `stop` was signalled, else lets it play out.
    func finish(_ stop: StopSignal) throws {
        if stop.isStopped {
            drop()
        } else {
            try drain()
        }
    }

    /// Makes the PCM ready to start again after ``drain()`` or ``drop()``.
    func prepare() throws {
        let code = snd_pcm_prepare(handle)
        guard code == 0 else { throw AudioError.alsa("prepare it", device: name, code: code) }
    }

    private func recover(_ code: Int32, action: String) throws {
        if code == -EPIPE || code == -ESTRPIPE {
            xruns += 1
        }
        let recovered = snd_pcm_recover(handle, code, 1)
        guard recovered == 0 else { throw AudioError.alsa(action, device: name, code: code) }
    }

    /// The system configuration with `text` merged over it, for `snd_pcm_open_lconf`.
    private static func loadConfiguration(_ text: String, device: String) throws -> OpaquePointer {
        var global: OpaquePointer?
        var code = snd_config_update_ref(&global)
        guard code >= 0, let global else {
            throw AudioError.alsa("read the ALSA configuration", device: device, code: code)
        }
        defer { snd_config_unref(global) }
        var copy: OpaquePointer?
        code = snd_config_copy(&copy, global)
        guard code >= 0, let copy else {
            throw AudioError.alsa("copy the ALSA configuration", device: device, code: code)
        }
        var input: OpaquePointer?
        code = text.withCString { snd_input_buffer_open(&input, $0, strlen($0)) }
        guard code >= 0, let input else {
            snd_config_delete(copy)
            throw AudioError.alsa("read the extra ALSA configuration", device: device, code: code)
        }
        code = snd_config_load(copy, input)
        snd_input_close(input)
        guard code >= 0 else {
            snd_config_delete(copy)
            throw AudioError.alsa("parse the extra ALSA configuration", device: device, code: code)
        }
        return copy
    }
}
