import NIOConcurrencyHelpers

@testable import PetDiary

/// Hooks that answer what the test says, and remember what they were asked: the ``DiaryHooks``
/// contract as a plugin host implements it.
struct ScriptedHooks: DiaryHooks {
    var photo: @Sendable (PhotoProposal) -> HookDecision<PhotoProposal> = { _ in .continue(nil) }
    var entry: @Sendable (EntryProposal) -> HookDecision<EntryProposal> = { _ in .continue(nil) }
    let asked = Asked()

    func beforeImport(_ photo: PhotoProposal) async throws -> HookDecision<PhotoProposal> {
        asked.record(photo)
        return self.photo(photo)
    }

    func beforeSave(_ entry: EntryProposal) async throws -> HookDecision<EntryProposal> {
        asked.record(entry)
        return self.entry(entry)
    }
}

/// What ``ScriptedHooks`` were asked.
final class Asked: Sendable {
    private let state = NIOLockedValueBox<(photos: [PhotoProposal], entries: [EntryProposal])>(([], []))

    func record(_ photo: PhotoProposal) { state.withLockedValue { $0.photos.append(photo) } }
    func record(_ entry: EntryProposal) { state.withLockedValue { $0.entries.append(entry) } }

    var photos: [PhotoProposal] { state.withLockedValue { $0.photos } }
    var entries: [EntryProposal] { state.withLockedValue { $0.entries } }
}
