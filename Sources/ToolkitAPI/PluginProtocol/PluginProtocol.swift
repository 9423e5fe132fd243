public import JSONRPC

/// Protocol 1, the conversation between the core and a handler plugin over the plugin's stdin and stdout
/// (docs/plugins.md): its version and the rules for the seconds its messages carry.
///
/// Each message has its own type: ``GetManifest`` (answered with a ``PluginManifestRecord``),
/// ``Initialize``, ``Shutdown``, ``RPCCancel`` (the cancel notification), ``EventNotification`` and the
/// hooks of ``HookCatalogue`` (answered with a ``HookReply``). The host reads them and the plugin SDK
/// writes them, so both sides agree by construction.
public enum PluginProtocol {
    /// The only version there is: what `getmanifest` and `init` send as `protocol`.
    public static let version = 1

    /// The longest timeout a manifest may declare, in seconds: one day; more counts as a day.
    public static let maximumTimeoutSeconds = 86_400

    /// `seconds` (above 0 and finite) as a timeout: the nearest whole millisecond (1.234 is 1234 ms, though
    /// 1.234 × 1000 is 1233.9999… in binary), at least one (a tiny positive number is not a zero timeout), at
    /// most ``maximumTimeoutSeconds`` (no number overflows a duration).
    public static func timeout(seconds: Double) -> Duration {
        .milliseconds(max(1, Int((min(seconds, Double(maximumTimeoutSeconds)) * 1000).rounded())))
    }

    /// A timeout as a manifest declares it: a positive number of seconds, held to a day and at least a
    /// millisecond; nil when `value` is absent or null.
    /// - Throws: ``PluginManifestError`` saying `what` must be a number of seconds above 0.
    public static func timeout(_ value: JSONValue?, _ what: String) throws -> Duration? {
        switch value {
        case nil, .null: return nil
        case .int(let seconds) where seconds > 0: return .seconds(min(seconds, maximumTimeoutSeconds))
        case .double(let seconds) where seconds > 0 && seconds.isFinite: return timeout(seconds: seconds)
        default: throw PluginManifestError("\(what) must be a number of seconds above 0")
        }
    }

    /// `duration` in seconds as a manifest writes it: an integer when whole.
    public static func seconds(_ duration: Duration) -> JSONValue {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return .int(Int(seconds)) }
        return .double(Double(seconds) + Double(attoseconds) / 1e18)
    }
}
