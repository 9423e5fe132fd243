public import JSONRPC

/// `rpc.discover`: an OpenRPC 1.2.6 document of every registered method, built-in and plugin alike.
public enum RPCDiscover: APIMethod {
    public static let name = "rpc.discover"
    public static let effect: RPCMethodEffect = .read
    public static let summary = """
        Returns an OpenRPC document describing every method the core answers, with params and result schemas, \
        who answers it (x-provider), what it does to the user's data (x-effect: read, write or destroy) and, \
        when it refuses params it does not list, x-additionalParams: false.
        """
    public static let paramsSchema: JSONSchema = .object([:])
    public static let resultSchema: JSONSchema = .any

    /// None.
    public typealias Params = NoParams
    /// The OpenRPC document, as JSON.
    public typealias Result = JSONValue
}
