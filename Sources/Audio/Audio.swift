/// WAV reading and writing, ALSA playback and capture, and the built-in shutter sounds.
///
/// This module knows nothing of the daemon: the `toolkit sound` commands and, later, the core's
/// `sounds.*` handlers build on it.
public enum AudioModule {}
