import PetDiary
import Testing
import ToolkitAPI

/// PetDiary knows no protocol, so it names its hook points itself; the names must be the ones of ToolkitAPI's
/// catalogue, under which the core calls them. (Its events carry no names: ToolkitCore publishes each under its
/// typed topic of the catalogue; EventTests checks them over the socket.)
struct CatalogueAgreementTests {
    @Test func everyHookPointOfTheDiaryIsAHookOfTheCatalogue() {
        for point in HookPoint.allCases {
            #expect(HookCatalogue.names.contains(point.rawValue), "\(point.rawValue) is not in the catalogue")
        }
        #expect(HookPoint.photoBeforeImport.rawValue == PhotoBeforeImport.name)
        #expect(HookPoint.entryBeforeSave.rawValue == EntryBeforeSave.name)
    }
}
