import JSONRPC
import Testing
import ToolkitAPI

/// The `pattern`s the built-in methods publish, read by the validator that checks plugin methods' params, accept
/// and refuse what the built-ins' own checks do: one reading of a pattern for built-ins and plugins alike.
struct PublishedPatternTests {
    @Test func aDayIsFourTwoAndTwoASCIIDigits() {
        let day = SchemaValidator(schema: APISchema.day.json)
        #expect(fits(day, "2024-05-01"))
        for wrong in ["2024-5-1", "２０２４-05-01", "x2024-05-01", "2024-05-01\n", "2024-05-01T00:00:00Z"] {
            #expect(!fits(day, wrong), "\(wrong)")
        }
    }

    @Test func settingsSetTakesAColourAsHashAndSixHexDigits() {
        let colour = SchemaValidator(schema: SettingsSet.paramsSchema.json["properties"]?["themeColor"] ?? .bool(false))
        for right in ["#FF9500", "#ff9500"] { #expect(fits(colour, right), "\(right)") }
        for wrong in ["FF9500", "#FF950", "#FF95001", "#GG9500", "red"] { #expect(!fits(colour, wrong), "\(wrong)") }
    }

    @Test func eventsEmitTakesUserTopicsOnly() {
        let topic = SchemaValidator(schema: EventsEmit.paramsSchema.json["properties"]?["topic"] ?? .bool(false))
        for right in ["user.walk", "user.walk.started", "user.a_b-c"] { #expect(fits(topic, right), "\(right)") }
        for wrong in ["user.", "walk.started", "user.산책", "user.a b"] { #expect(!fits(topic, wrong), "\(wrong)") }
    }

    private func fits(_ validator: SchemaValidator, _ text: String) -> Bool {
        do {
            try validator.validate(.string(text))
            return true
        } catch {
            return false
        }
    }
}
