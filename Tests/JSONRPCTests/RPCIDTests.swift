import NIOCore
import Testing

@testable import JSONRPC

/// Ids the connection writes for its own calls, and reads back from answers.
struct RPCIDTests {
    @Test(arguments: [0, 7, -1, -12, 99_999, Int.max, Int.min, 99_999_999_999_999, 100_000_000_000_000])
    func aNumberIsWrittenAsItsDigits(value: Int) {
        #expect(RPCID.number(value).rawJSON == String(value))
        #expect(RPCID.number(value) == RPCID(rawJSON: String(value)))
    }

    @Test(
        arguments: [
            ("7", 7), ("0", 0), ("-12", -12), ("123456789012345678", 123_456_789_012_345_678),
            ("1234567890123456789", nil), ("-0", nil), ("007", nil), ("1.0", nil), ("1e3", nil), ("\"7\"", nil),
            ("null", nil), ("-", nil), ("", nil),
        ] as [(String, Int?)])
    func onlyAnIntegerWrittenPlainlyHasAnIntegerValue(token: String, value: Int?) {
        #expect(RPCID(rawJSON: token).integerValue == value)
    }

    @Test(arguments: [
        (Duration.milliseconds(1500), Int64(1_500_000_000)), (.nanoseconds(1), 1), (.zero, 0),
        (.seconds(-2), -2_000_000_000), (.seconds(Int64.max), .max),
        (.seconds(9_223_372_036) + .milliseconds(999), .max),
    ])
    func aCallTimeoutIsHeldWithinNanosecondsThatFit(timeout: Duration, nanoseconds: Int64) {
        #expect(TimeAmount(timeout).nanoseconds == nanoseconds)  // as RPCClient.call converts it
    }

    @Test(arguments: [
        (#"{"n":1}"#, false), (#"{"progress":true}"#, true), (#"{"\u0070rogress":true}"#, true),
        (#"{"p":"progres"}"#, false), (#"["progress"]"#, true), ("{}", false), (#"{"x":"p"}"#, false),
    ])
    func paramsThatCannotAskForProgressAreToldApartWithoutReadingThem(params: String, mayMention: Bool) {
        #expect(RawJSON(unchecked: params).mayMentionProgress == mayMention)
    }
}
