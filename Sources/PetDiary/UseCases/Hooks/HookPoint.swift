/// The places where ``DiaryHooks`` may change or refuse what a use case is about to store, by the name
/// plugin manifests list them under (`hooks`).
package enum HookPoint: String, Sendable, Hashable, CaseIterable {
    /// Before a photo or video is recorded in an album (``DiaryHooks/beforeImport(_:)``).
    case photoBeforeImport = "photo.beforeImport"
    /// Before a diary entry is created or changed (``DiaryHooks/beforeSave(_:)``).
    case entryBeforeSave = "entry.beforeSave"
}
