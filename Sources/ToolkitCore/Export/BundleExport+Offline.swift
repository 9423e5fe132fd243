package import PetDiary

extension BundleExport {
    /// The export of a diary a command opened itself (``OfflineDiary``), when no core runs.
    package init(offline diary: Diary) { self.init(diary: diary) }
}
