import JSONRPC
import PetDiary

/// `diary.*`: the entries, their tags, search and calendar.
struct DiaryMethods: MethodGroup {
    let diary: Diary

    func register(in registry: MethodRegistry) throws {
        try registry.register(DiaryCreateHandler(diary: diary))
        try registry.register(DiaryGetHandler(diary: diary))
        try registry.register(DiaryUpdateHandler(diary: diary))
        try registry.register(DiaryDeleteHandler(diary: diary))
        try registry.register(DiaryDeleteAllHandler(diary: diary))
        try registry.register(DiaryListHandler(diary: diary))
        try registry.register(DiarySearchHandler(diary: diary))
        try registry.register(DiaryTagsHandler(diary: diary))
        try registry.register(DiaryCalendarHandler(diary: diary))
    }
}
