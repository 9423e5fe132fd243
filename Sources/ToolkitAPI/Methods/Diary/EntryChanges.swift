/// The members of a diary entry that `diary.update` changes and `entry.beforeSave` proposes, each optional:
/// `{title?, body?, date?, petId?, photoIds?, favorite?}`. They are written flat, beside the entry's `id`;
/// the params that carry them (``DiaryUpdate/Params``, ``EntryBeforeSave/Params``) make them from their
/// initializers' arguments.
public struct EntryChanges: Codable, Sendable, Hashable {
    public var title: String?
    public var body: String?
    /// A day, `YYYY-MM-DD`.
    public var date: String?
    /// A record id (UUID); on an update, `""` detaches the entry from its pet.
    public var petId: String?
    public var photoIds: [String]?
    public var favorite: Bool?
}

/// Params that carry ``EntryChanges`` beside an entry's id: `params.title` and the others read and write
/// ``changes``.
@dynamicMemberLookup
public protocol EntryChangesParams {
    var changes: EntryChanges { get set }
}

extension EntryChangesParams {
    public subscript<Value>(dynamicMember member: WritableKeyPath<EntryChanges, Value>) -> Value {
        get { changes[keyPath: member] }
        set { changes[keyPath: member] = newValue }
    }
}
