public import ToolkitAPI

/// The answer to `getmanifest`, made from what the plugin registered (``Plugin/manifest``): ToolkitAPI's
/// ``ToolkitAPI/PluginManifestRecord``, the same type the plugin host reads it as.
public typealias PluginManifest = PluginManifestRecord
