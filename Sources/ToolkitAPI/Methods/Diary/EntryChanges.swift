/// The members of a diary entry that `diary.update` changes and `entry.beforeSave` proposes, each optional:
/// `{title?, body?, date?, petId?, photoIds?, favorite?}`. They are written flat, beside the entry's `id`;
/// the params that carry them (``DiaryUpdate/Params``, ``EntryBeforeSave/Params``) make them from their
/// initializers' arguments.
public struct EntryChanges: Codable, Sendable, Hashable {
    /// Not empty, and at most the settings' `titleLimit` characters.
    public var title: String?
    /// At most the settings' `bodyLimit` characters; its `#tags` become the entry's tags.
    public var body: String?
    /// A day, `YYYY-MM-DD`.
    public var date: String?
    /// A record id (UUID); on an update, `""` detaches the entry from its pet.
    public var petId: String?
    /// The photos to show, in order: at most 100, each once; the whole list is replaced.
    public var photoIds: [String]?
    /// The favourite mark.
    public var favorite: Bool?
}

/// Params that carry ``EntryChanges`` beside an entry's id: `params.title` and the others read and write
/// ``changes``.
@dynamicMemberLookup
public protocol EntryChangesParams {
    /// The changes the params carry.
    var changes: EntryChanges { get set }
}

extension EntryChangesParams {
    /// Reads and writes a member of ``changes``, such as `params.title`.
    public subscript<Value>(dynamicMember member: WritableKeyPath<EntryChanges, Value>) -> Value {
        get { changes[keyPath: member] }
        set { changes[keyPath: member] = newValue }
    }
}
