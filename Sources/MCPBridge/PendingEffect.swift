// Stand-in until JSONRPC's RPCMethodEffect lands.
public enum RPCMethodEffect: String, Sendable, Hashable, CaseIterable { case read, write, destroy }
