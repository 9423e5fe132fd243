// A plugin imports ToolkitPlugin only: the protocol's messages and the core's catalogue (ToolkitAPI: methods
// to call back, events to subscribe to, hooks to answer), the JSON-RPC types a handler is written with
// (JSONRPC) and the logger (Logging) come with it.
@_exported public import JSONRPC
@_exported public import Logging
@_exported public import ToolkitAPI
