import Testing
@testable import Audio

@Suite struct AudioModuleTests {
    @Test func moduleLinks() {
        #expect(String(describing: AudioModule.self) == "AudioModule")
    }
}
