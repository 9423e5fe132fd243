import JSONRPC
import PetDiary

/// `diary.*`: the entries, their tags, search and calendar.
struct DiaryMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(DiaryCreate(diary: diary))
        try registry.register(DiaryGet(diary: diary))
        try registry.register(DiaryUpdate(diary: diary))
        try registry.register(DiaryDelete(diary: diary))
        try registry.register(DiaryDeleteAll(diary: diary))
        try registry.register(DiaryList(diary: diary))
        try registry.register(DiarySearch(diary: diary))
        try registry.register(DiaryTags(diary: diary))
        try registry.register(DiaryCalendar(diary: diary))
    }
}
