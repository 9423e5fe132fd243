/// The pet diary domain: pets, albums, photos, diary entries, settings and their store.
///
/// Filled by the pet diary issue; the core depends on it already so that the dependency direction
/// (`ToolkitCore` → `PetDiary`, never the reverse) is fixed from the start.
public enum PetDiaryModule {}
