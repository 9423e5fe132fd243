public import ToolkitAPI

/// A hook the core calls before it stores a change: ToolkitAPI's ``ToolkitAPI/APIHook``, its name and
/// params. ``ToolkitAPI/HookCatalogue`` lists them (``ToolkitAPI/PhotoBeforeImport``,
/// ``ToolkitAPI/EntryBeforeSave``, ``ToolkitAPI/ExportBeforeCreate``, ``ToolkitAPI/ArchiveBeforeCreate``).
public typealias PluginHook = APIHook
