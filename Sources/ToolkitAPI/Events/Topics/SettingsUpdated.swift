/// `settings.updated`: The settings were changed; `data` is all of them as they are now.
public enum SettingsUpdated: APIEvent {
    /// Every setting as it is now.
    public typealias Data = SettingsRecord
    public static let topic = "settings.updated"
    public static let summary = "The settings were changed; `data` is all of them as they are now."
}
