import JSONRPC
import PetDiary
import PluginHost

/// The daemon: socket server, configuration, events and the built-in handlers.
public enum ToolkitCoreModule {}
