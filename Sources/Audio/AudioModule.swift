/// WAV reading and writing, ALSA playback and capture, and the built-in shutter sounds.
///
/// This module knows nothing of the daemon: the `toolkit sound` commands and, later, the core's
/// `sounds.*` handlers build on it.
///
/// - ``WAVReader`` and ``WAVWriter`` read and write RIFF/WAVE files, streaming.
/// - ``Playback`` and ``Recording`` drive an ALSA PCM on a thread of their own.
/// - ``PreparedSound`` keeps a sound decoded and a device configured, for low-latency plays.
/// - ``BuiltinSound`` synthesises the shutter sounds.
public enum AudioModule {}
