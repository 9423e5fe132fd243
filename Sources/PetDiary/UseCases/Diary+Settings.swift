extension Diary {
    /// Changes the settings given, all or none, and publishes `settings.updated`.
    /// - Throws: ``DiaryError`` `.invalid` naming the setting.
    package func updateSettings(_ changes: SettingsChanges) async throws -> DiarySettings {
        let settings = try await store.settings.update(changes)
        events.publish(.settingsUpdated(settings))
        return settings
    }
}
