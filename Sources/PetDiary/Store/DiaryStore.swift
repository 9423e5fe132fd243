#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif
import Hashing
import GRDB

/// The diary's records in SQLite: pets, albums, photo metadata, entries with their tags and photos,
/// settings, and the full-text index. One per process, over one `DatabasePool` in WAL mode.
///
/// Each aggregate has its own store over this database (``pets``, ``albums``, ``photos``, ``entries``,
/// ``sounds``, ``notes``, ``settings``, ``blobReferences``), with methods named for what they do
/// (`store.pets.create(_:)`, `store.entries.search(_:filter:page:)`); this type keeps what spans them (a
/// snapshot, a restore, the counts). Every change is one transaction, so after any error nothing is
/// half-written. Photo bytes are not here: the store keeps
/// their sha256 and the blob store keeps the files.
package struct DiaryStore: Sendable {
    let writer: any DatabaseWriter
    /// Writes go through here, so concurrent ones share a transaction.
    private let writes: GroupCommit
    /// Signs list cursors; made at random when the database is created.
    private let cursorKeyBytes: Data
    /// The diary's time zone (config `timeZone`): the day of a moment whose source names no offset, and today.
    package let timeZone: TimeZone
    var cursorKey: HMACKey { HMACKey(cursorKeyBytes) }

    /// The diary's records by aggregate, each over this database.
    package var pets: PetStore { PetStore(store: self) }
    package var albums: AlbumStore { AlbumStore(store: self) }
    package var photos: PhotoStore { PhotoStore(store: self) }
    package var entries: EntryStore { EntryStore(store: self) }
    package var sounds: SoundStore { SoundStore(store: self) }
    package var notes: NoteStore { NoteStore(store: self) }
    package var settings: SettingsStore { SettingsStore(store: self) }
    package var blobReferences: BlobReferenceStore { BlobReferenceStore(store: self) }

    /// Opens (creating if needed) the database at `path` in WAL mode and migrates it; photos' days are cut in
    /// `timeZone` where their files name no offset (again, when it is not the zone they were cut in).
    /// - Throws: ``DiaryError`` `.storage` when the file cannot be opened or migrated.
    package init(path: String, timeZone: TimeZone = .current) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(10)
        configuration.maximumReaderCount = Self.readerCount
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")  // a pragma: no query interface for it
            db.add(tokenizer: BigramTokenizer.self)
        }
        do {
            try self.init(writer: DatabasePool(path: path, configuration: configuration), timeZone: timeZone)
        } catch let error as DiaryError {
            throw error
        } catch {
            throw DiaryError(.storage, "Cannot open the database at \(path): \(error)", underlying: error)
        }
    }

    /// Uses `writer`, whose connections must have ``BigramTokenizer`` added, and migrates it.
    init(writer: any DatabaseWriter, timeZone: TimeZone = .current) throws {
        self.writer = writer
        self.timeZone = timeZone
        self.writes = GroupCommit(writer: writer)
        do {
            try Schema.migrator.migrate(writer)
            if try writer.read({ db in try PhotoDays.needsCut(db, in: timeZone) }) {
                try writer.write { db in try PhotoDays.cut(db, in: timeZone) }
            }
            let key: Data = try writer.read { db in
                try SettingsRow.one.select(SettingsRow.Columns.cursorKey, as: Data.self).fetchOne(db) ?? Data()
            }
            cursorKeyBytes = key
        } catch {
            throw DiaryError(.storage, "Cannot prepare the database: \(error)", underlying: error)
        }
    }

    /// Checkpoints the write-ahead log into the database file and closes every connection, so that a stopped
    /// core leaves one file (`toolkit.sqlite`, no `-wal` or `-shm`). The store cannot be used afterwards.
    /// - Throws: ``DiaryError`` `.storage` when SQLite cannot checkpoint or close (a statement still runs).
    package func close() throws {
        do {
            _ = try writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            try writer.close()
            // The pool's last connection to close may be a read-only reader, which leaves the log in place; a
            // connection that can write, opened and closed alone, checkpoints it and removes it.
            if writer is DatabasePool { try DatabaseQueue(path: writer.path).close() }
        } catch {
            throw DiaryError(.storage, "Cannot close the database: \(error)", underlying: error)
        }
    }

    /// Reader connections: one for each thread that can read at once, so a read never waits for a
    /// connection. Reads run on the calling thread (see ``read(_:)``): Swift's cooperative pool and the
    /// socket server's event loops have one thread per core each. An idle connection costs little; its
    /// page cache fills only as it reads.
    static var readerCount: Int { max(5, 2 * ProcessInfo.processInfo.activeProcessorCount + 1) }

    /// Reads in a snapshot, mapping database failures to ``DiaryError``.
    ///
    /// The read runs on the calling thread: a read is CPU work on pages in memory (a fraction of a
    /// millisecond), and GRDB's asynchronous read would cost two thread hops, more than the read itself.
    /// The calling thread may be an event loop's (methods that prefer it), so a read must never wait for
    /// a connection: the pool has ``readerCount`` of them, one for every thread that can read at once.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) async throws -> T {
        try await mapStorageErrors { try readHere(body) }
    }

    private func readHere<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read(body)
    }

    /// Writes atomically (a savepoint in a transaction shared with concurrent writes, see
    /// ``GroupCommit``), mapping database failures to ``DiaryError``.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await mapStorageErrors { try await writes.write(body) }
    }

    private func mapStorageErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DiaryError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw DiaryError(.conflict, "The change conflicts with what is stored.", underlying: error)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            // Not a bug: the client is told which file could not grow (ToolkitCore maps the reason).
            throw DiaryError(
                .storage, "could not write \(writer.path): No space left on device", reason: "no-space",
                underlying: error)
        } catch {
            throw DiaryError(.storage, "The database failed: \(error)", underlying: error)
        }
    }

    /// A new record id.
    static func newID() -> String { UUID().uuidString.lowercased() }

    /// Whether a row of `Record`'s table with `id` exists.
    static func exists<Record: TableRecord>(_ db: Database, _: Record.Type, _ id: String) throws -> Bool {
        try exists(db, table: Record.databaseTableName, id)
    }

    /// Whether a row of `table` (a row type's `databaseTableName`) with `id` exists.
    static func exists(_ db: Database, table: String, _ id: String) throws -> Bool {
        // Hand SQL: a cached statement, run for every id a request names (the query interface prepares anew).
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS(SELECT 1 FROM \(table) WHERE id = ?)"), arguments: [id]) ?? false
    }

    /// Throws `.notFound`, naming the kind by `Record`'s table (`pet`, `album`, `photo`, `entry`), unless a row of
    /// it with `id` exists.
    static func requireExists<Record: TableRecord>(_ db: Database, _ type: Record.Type, _ id: String) throws {
        guard try exists(db, type, id) else { throw DiaryError.notFound(Record.databaseTableName, id) }
    }

    /// `PRAGMA integrity_check`: "ok", or the problems SQLite found.
    package func integrityCheck() async throws -> [String] {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }  // a pragma
    }
}
