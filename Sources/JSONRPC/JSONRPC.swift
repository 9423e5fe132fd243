/// JSON-RPC 2.0 messages, framing, routing, a connection handler and a client. Knows no domain.
public enum JSONRPCModule {}
