import PetDiary
import Testing
import ToolkitAPI

/// PetDiary knows no protocol, so it names its hook points and events itself; the names must be the ones of
/// ToolkitAPI's catalogue, under which the core publishes and calls them.
struct CatalogueAgreementTests {
    @Test func everyHookPointOfTheDiaryIsAHookOfTheCatalogue() {
        for point in HookPoint.allCases {
            #expect(HookCatalogue.names.contains(point.rawValue), "\(point.rawValue) is not in the catalogue")
        }
        #expect(HookPoint.photoBeforeImport.rawValue == PhotoBeforeImport.name)
        #expect(HookPoint.entryBeforeSave.rawValue == EntryBeforeSave.name)
    }

    @Test func theDiarysEventsAreNamedAsTheCatalogueNamesThem() {
        let events: [(DiaryEvent, any APIEvent.Type)] = [
            (.petDeleted(id: "x"), PetDeleted.self), (.albumDeleted(id: "x"), AlbumDeleted.self),
            (.photoDeleted(id: "x"), PhotoDeleted.self), (.entryDeleted(id: "x"), EntryDeleted.self),
            (.soundDeleted(id: "x"), SoundDeleted.self), (.noteDeleted(id: "x"), NoteDeleted.self),
        ]
        for (event, type) in events {
            #expect(event.topic == type.topic)
        }
    }
}
