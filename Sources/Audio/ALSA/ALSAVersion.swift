import CALSA

/// The version of the alsa-lib this process runs with, for `toolkit doctor` and `system.info`.
public enum ALSAVersion {
    public static var current: String { String(cString: snd_asoundlib_version()) }
}
