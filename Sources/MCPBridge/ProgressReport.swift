import JSONRPC

/// A core `progress` notification's params (`{id, done, total?, unit?}`) as MCP progress.
struct ProgressReport {
    var done: Double
    var total: Double?
    var message: String?

    init?(_ params: JSONValue) {
        guard let done = Self.number(params["done"]) else { return nil }
        self.done = done
        total = Self.number(params["total"])
        if case .string(let unit)? = params["unit"] {
            message =
                total.map { "\(Self.format(done)) of \(Self.format($0)) \(unit)" } ?? "\(Self.format(done)) \(unit)"
        }
    }

    /// The params of MCP's `notifications/progress` for the request the client gave `token` to.
    func json(token: JSONValue) -> JSONValue {
        var members: [(String, JSONValue)] = [("progressToken", token), ("progress", Self.json(done))]
        if let total { members.append(("total", Self.json(total))) }
        if let message { members.append(("message", .string(message))) }
        return .object(members)
    }

    /// A whole number as an integer (`3`, not `3.0`).
    private static func json(_ number: Double) -> JSONValue {
        whole(number).map(JSONValue.int) ?? .double(number)
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }

    private static func format(_ number: Double) -> String {
        whole(number).map(String.init) ?? String(number)
    }

    /// `number` as an `Int` when it is whole (and small enough to be exact).
    private static func whole(_ number: Double) -> Int? {
        number == number.rounded() && abs(number) < 1e15 ? Int(number) : nil
    }
}
