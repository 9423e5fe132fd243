import ToolkitCore

/// Fixtures shared by the test targets: temp directories, an in-process server, a live-socket launcher.
public enum ToolkitTestingModule {}
