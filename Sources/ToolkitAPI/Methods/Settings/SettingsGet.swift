public import JSONRPC

/// `settings.get` → the diary's settings.
public enum SettingsGet: APIMethod {
    public static let name = "settings.get"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Returns the diary's settings: name, theme colour, default order, title and body limits, default shutter \
        sound, and the sound and capture devices.
        """
    public static let paramsSchema: JSONSchema = .object([:])
    public static let resultSchema: JSONSchema = APISchema.settings

    /// None.
    public typealias Params = NoParams
    /// Every setting, with its default where none was set.
    public typealias Result = SettingsRecord
}
