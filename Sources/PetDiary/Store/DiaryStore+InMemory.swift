import GRDB

extension DiaryStore {
    /// A diary store in memory, migrated and empty: a scratch diary that lives as long as the value, e.g. an
    /// archive's state rebuilt so that a part of it can be selected with ``snapshot(_:)``.
    /// - Throws: ``DiaryError`` `.storage` when SQLite cannot open or migrate it.
    package static func inMemory() throws -> DiaryStore {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in db.add(tokenizer: BigramTokenizer.self) }
        do {
            return try DiaryStore(writer: DatabaseQueue(configuration: configuration))
        } catch let error as DiaryError {
            throw error
        } catch {
            throw DiaryError(.storage, "Cannot open a database in memory: \(error)", underlying: error)
        }
    }
}
