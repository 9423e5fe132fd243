import Testing
@testable import Archiving

@Suite struct ArchivingModuleTests {
    @Test func moduleLinks() {
        #expect(String(describing: ArchivingModule.self) == "ArchivingModule")
    }
}
