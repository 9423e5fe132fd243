public import ToolkitAPI

/// A hook as the manifest lists it: ToolkitAPI's ``ToolkitAPI/PluginHookRecord``, `{name, timeout?,
/// onFailure?, before?, after?}`, which the plugin host reads.
public typealias HookDeclaration = PluginHookRecord
