/// External handler plugins: launching executables, the protocol-1 handshake, forwarding calls and
/// restarting crashed plugins.
///
/// Filled by the plugins issue; it registers plugin methods through the same `MethodRegistry` that
/// the built-in handlers use.
public enum PluginHostModule {}
