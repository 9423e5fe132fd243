import PetDiary
import ToolkitTestSupport

/// A diary store on a real SQLite file in its own temp directory, removed when the test ends.
final class StoreFixture: Sendable {
    let directory: TemporaryDirectory
    let store: DiaryStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try DiaryStore(path: directory.appending("toolkit.sqlite"))
    }

    /// A fake blob hash made from a number (the store does not look at blob files).
    static func hash(_ number: Int) -> String {
        let hex = String(number, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }
}

/// Asserts that `body` throws a `DiaryError` and returns it.
func diaryError(_ body: () async throws -> Void) async -> DiaryError? {
    do {
        try await body()
        return nil
    } catch let error as DiaryError {
        return error
    } catch {
        return nil
    }
}
