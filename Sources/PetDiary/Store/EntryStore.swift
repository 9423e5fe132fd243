import GRDB

/// What an entry is made from: `diary.create`, and `diary.update` where nil leaves a field as it is.
package struct EntryFields: Sendable, Hashable, Codable {
    package var title: String?
    package var body: String?
    /// `YYYY-MM-DD`; a new entry without one is dated today.
    package var date: String?
    /// An empty string detaches the entry from its pet.
    package var petId: String?
    package var photoIds: [String]?
    package var favorite: Bool?

    package init(
        title: String? = nil, body: String? = nil, date: String? = nil, petId: String? = nil,
        photoIds: [String]? = nil, favorite: Bool? = nil
    ) {
        self.title = title
        self.body = body
        self.date = date
        self.petId = petId
        self.photoIds = photoIds
        self.favorite = favorite
    }
}

/// Which entries `diary.list` and `diary.search` return.
package struct EntryFilter: Sendable, Hashable {
    package var petId: String?
    /// With or without the `#`.
    package var tag: String?
    package var favorite: Bool?
    /// Days, inclusive.
    package var from: String?
    package var to: String?

    package init(
        petId: String? = nil, tag: String? = nil, favorite: Bool? = nil, from: String? = nil, to: String? = nil
    ) {
        self.petId = petId
        self.tag = tag
        self.favorite = favorite
        self.from = from
        self.to = to
    }

    var scope: String {
        [petId ?? "", tag ?? "", favorite.map(String.init) ?? "", from ?? "", to ?? ""].joined(separator: "|")
    }
}

/// The diary entries with their tags and photos: writing, lists, search and the calendar.
package struct EntryStore: Sendable {
    let store: DiaryStore
}

extension EntryStore {
    static let photosPerEntryLimit = 100

    /// The entry row with its photo ids and tags in order, each list joined by a separator that cannot
    /// occur in it (ids have no comma; tags have no space).
    /// Read by position in ``entry(from:)`` (named lookups cost more than the query on a page of 20), so
    /// the order here is the contract: seq, id, petId, title, body, date, favorite, createdAt, updatedAt,
    /// photoIdList, tagList, noteList. Hand SQL: read by position, measured faster (see ``entry(from:)``).
    static let entryColumns = """
        entry.seq, entry.id, entry.petId, entry.title, entry.body, entry.date, entry.favorite, entry.createdAt,
        entry.updatedAt,
        (SELECT group_concat(photoId, ',') FROM
            (SELECT photoId FROM entryPhoto WHERE entryId = entry.id ORDER BY position)) AS photoIdList,
        (SELECT group_concat(tag, ' ') FROM
            (SELECT tag FROM entryTag WHERE entryId = entry.id ORDER BY position)) AS tagList,
        \(NoteStore.noteListColumn(of: EntryRow.databaseTableName))
        """
    static let entrySelect = "SELECT \(entryColumns) FROM entry"

    /// Writes a diary entry.
    /// - Throws: ``DiaryError`` `.invalid` (title or body over the settings' limits, a bad date),
    ///   `.notFound` (an unknown pet or photo).
    package func create(_ fields: EntryFields) async throws -> DiaryEntry {
        try await store.write { db in
            let now = Timestamp.now()
            var entry = DiaryEntry(
                stored: EntryRow(
                    id: DiaryStore.newID(), petId: nil, title: "", body: "", date: DiaryDay.today(in: store.timeZone),
                    favorite: false, createdAt: now, updatedAt: now),
                tags: [], photoIds: [])
            try Self.apply(fields, to: &entry, creating: true, db)
            try Self.insert(entry, db)
            return entry
        }
    }

    /// The entry with `id`.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func get(id: String) async throws -> DiaryEntry {
        try await store.read { db in try Self.fetchEntry(db, id) }
    }

    /// Changes the fields given, checked as on create.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`.
    package func update(id: String, _ fields: EntryFields) async throws -> DiaryEntry {
        try await store.write { db in
            var entry = try Self.fetchEntry(db, id)
            try Self.apply(fields, to: &entry, creating: false, db)
            entry.updatedAt = Timestamp.now()
            try Self.replace(entry, db)
            return entry
        }
    }

    /// Deletes one entry with its voice notes (and their recorded sounds, when nothing else uses them); its
    /// photos stay in their albums.
    /// - Returns: the entry, and the blobs no longer referenced.
    /// - Throws: ``DiaryError`` `.notFound`.
    package func delete(id: String) async throws -> (entry: DiaryEntry, unreferencedBlobs: [String]) {
        try await store.write { db in
            let entry = try Self.fetchEntry(db, id)
            try EntryRow.filter(EntryRow.Columns.id == id).deleteAll(db)
            return (entry, try BlobReferenceStore.unreferenced(db, try NoteStore.deleteUnusedNoteSounds(db)))
        }
    }

    /// Deletes every entry, when `confirm` is the diary's name.
    /// - Returns: the ids deleted, and the blobs of their voice notes no longer referenced.
    /// - Throws: ``DiaryError`` `.conflict` when `confirm` differs; then nothing is deleted.
    package func deleteAll(confirm: String) async throws -> (ids: [String], unreferencedBlobs: [String]) {
        try await store.write { db in
            let name = try SettingsStore.settings(db).diaryName
            guard confirm == name else {
                throw DiaryError(
                    .conflict,
                    "To delete every entry, confirm with the diary's name exactly as set ('\(name)'); "
                        + "nothing was deleted."
                )
            }
            let ids = try EntryRow.select(EntryRow.Columns.id, as: String.self).fetchAll(db)
            try EntryRow.deleteAll(db)
            return (ids, try BlobReferenceStore.unreferenced(db, try NoteStore.deleteUnusedNoteSounds(db)))
        }
    }

    /// Entries by date, filtered.
    /// - Throws: ``DiaryError`` `.notFound` (unknown pet), `.invalid` (bad days, limit or cursor).
    package func list(_ filter: EntryFilter, page: PageRequest) async throws -> Page<DiaryEntry> {
        try await store.read { db in
            var conditions: [String] = []
            var arguments = StatementArguments()
            var tagFilter = filter
            tagFilter.tag = nil
            try Self.appendConditions(for: tagFilter, &conditions, &arguments, db)
            let scope = "entries|" + filter.scope
            let defaultOrder = try SettingsStore.defaultOrder(db)
            // Hand SQL: keyset pages (see Keyset), read by position.
            guard let tag = filter.tag else {
                return try Keyset(columns: ["entry.date", "entry.createdAt", "entry.id"], scope: scope).fetchPage(
                    db, select: Self.entrySelect, conditions: conditions, arguments: arguments, page: page,
                    defaultOrder: defaultOrder, signingKey: store.cursorKey, item: Self.entry(from:))
            }
            // By tag: walk entryTag's (tag, date, createdAt, entryId) index, so the first page needs no sort.
            return try Keyset(columns: ["entryTag.date", "entryTag.createdAt", "entryTag.entryId"], scope: scope)
                .fetchPage(
                    db,
                    select:
                        "SELECT \(Self.entryColumns), entryTag.entryId "
                        + "FROM entryTag JOIN entry ON entry.id = entryTag.entryId",
                    conditions: ["entryTag.tag = ?"] + conditions, arguments: [Self.normalizedTag(tag)] + arguments,
                    page: page,
                    defaultOrder: defaultOrder, signingKey: store.cursorKey, item: Self.entry(from:))
        }
    }

    /// Each tag written in a body, with the number of entries using it, most used first.
    package func tags(petId: String?) async throws -> [TagCount] {
        try await store.read { db in
            let tag = EntryTagRow.Columns.tag
            let uses = Column("count")
            // entryId is never null, so this counts every row, as COUNT(*) does.
            var tags = EntryTagRow.select(tag, count(EntryTagRow.Columns.entryId).forKey(uses.name))
            if let petId {
                try DiaryStore.requireExists(db, Pet.self, petId)
                let entryIds = EntryRow.filter(EntryRow.Columns.petId == petId).select(EntryRow.Columns.id)
                tags = tags.filter(entryIds.contains(EntryTagRow.Columns.entryId))
            }
            return try tags.group(tag).order(uses.desc, tag).asRequest(of: Row.self).fetchAll(db).map {
                TagCount(tag: $0["tag"], count: $0["count"])
            }
        }
    }

    /// A tag as stored: without its `#`, lower-cased.
    static func normalizedTag(_ tag: String) -> String {
        String(tag.drop(while: { $0 == "#" })).lowercased()
    }

    static func fetchEntry(_ db: Database, _ id: String) throws -> DiaryEntry {
        // Hand SQL: a cached statement of entryColumns, read by position.
        guard let row = try Row.fetchOne(db.cachedStatement(sql: entrySelect + " WHERE entry.id = ?"), arguments: [id])
        else {
            throw DiaryError.notFound("entry", id)
        }
        return entry(from: row)
    }

    /// An entry from a row of ``entryColumns``, read by position: hand-written, unlike the other records'
    /// reads, because a page of entries is the diary's most read list and a named lookup costs more than the
    /// query itself on a page of 20 (``EntryRow`` and this agree on the columns; `RecordMappingTests` checks it).
    static func entry(from row: Row) -> DiaryEntry {
        let photos: String? = row[9]
        let tags: String? = row[10]
        return DiaryEntry(
            stored: EntryRow(
                id: row[1], petId: row[2], title: row[3], body: row[4], date: row[5], favorite: row[6],
                createdAt: row[7], updatedAt: row[8]),
            tags: tags.map { $0.split(separator: " ").map(String.init) } ?? [],
            photoIds: photos.map { $0.split(separator: ",").map(String.init) } ?? [],
            notes: NoteSummary.list(row[11]))
    }

    /// Adds the filter's conditions on `entry`.
    static func appendConditions(
        for filter: EntryFilter, _ conditions: inout [String], _ arguments: inout StatementArguments, _ db: Database
    ) throws {
        if let petId = filter.petId {
            try DiaryStore.requireExists(db, Pet.self, petId)
            conditions.append("entry.petId = ?")
            arguments += [petId]
        }
        if let tag = filter.tag {
            conditions.append("EXISTS (SELECT 1 FROM entryTag WHERE entryTag.entryId = entry.id AND entryTag.tag = ?)")
            arguments += [normalizedTag(tag)]
        }
        if let favorite = filter.favorite {
            conditions.append("entry.favorite = ?")
            arguments += [favorite]
        }
        if let from = try TextRules.day(filter.from, field: "from") {
            conditions.append("entry.date >= ?")
            arguments += [from]
        }
        if let to = try TextRules.day(filter.to, field: "to") {
            conditions.append("entry.date <= ?")
            arguments += [to]
        }
    }

    private static func apply(_ fields: EntryFields, to entry: inout DiaryEntry, creating: Bool, _ db: Database) throws
    {
        let settings = try SettingsStore.settings(db)
        if let title = fields.title {
            entry.title = try TextRules.required(title, field: "title", limit: settings.titleLimit)
        } else if creating {
            throw DiaryError.invalid("title", "title is missing; every entry needs a title.")
        }
        if let body = fields.body {
            entry.body = try TextRules.limited(body, field: "body", limit: settings.bodyLimit)
        } else if creating {
            throw DiaryError.invalid("body", "body is missing; write the entry's text (it may be empty: \"\").")
        }
        entry.tags = TagParser.tags(in: entry.body)
        if let date = fields.date { entry.date = try TextRules.day(date, field: "date") ?? entry.date }
        if let petId = fields.petId {
            if petId.isEmpty {
                entry.petId = nil
            } else {
                try DiaryStore.requireExists(db, Pet.self, petId)
                entry.petId = petId
            }
        }
        if let favorite = fields.favorite { entry.favorite = favorite }
        if let photoIds = fields.photoIds {
            guard photoIds.count <= photosPerEntryLimit else {
                throw DiaryError.invalid(
                    "photoIds", "photoIds has \(photoIds.count) photos; an entry holds at most \(photosPerEntryLimit).",
                    limit: photosPerEntryLimit, length: photoIds.count)
            }
            guard Set(photoIds).count == photoIds.count else {
                throw DiaryError.invalid("photoIds", "photoIds lists a photo twice; list each photo once.")
            }
            for photoId in photoIds { try DiaryStore.requireExists(db, PhotoRow.self, photoId) }
            entry.photoIds = photoIds
        }
    }

    /// Stores a new entry with its tags and photos.
    static func insert(_ entry: DiaryEntry, _ db: Database) throws {
        try entry.stored.insert(db)
        try insertRelations(of: entry, db)
    }

    /// Overwrites a stored entry in place with its tags and photos, so the rows that point to it (its voice
    /// notes) stay.
    /// - Throws: ``DiaryError`` `.notFound` when no entry has its id.
    static func replace(_ entry: DiaryEntry, _ db: Database) throws {
        try entry.stored.updateByID(db)
        try EntryTagRow.filter(EntryTagRow.Columns.entryId == entry.id).deleteAll(db)
        try EntryPhotoRow.filter(EntryPhotoRow.Columns.entryId == entry.id).deleteAll(db)
        try insertRelations(of: entry, db)
    }

    /// An entry's tags and photos, in their order.
    static func insertRelations(of entry: DiaryEntry, _ db: Database) throws {
        for (position, tag) in entry.tags.enumerated() {
            try EntryTagRow(
                entryId: entry.id, position: position, tag: tag, date: entry.date, createdAt: entry.createdAt
            )
            .insert(db)
        }
        for (position, photoId) in entry.photoIds.enumerated() {
            try EntryPhotoRow(entryId: entry.id, position: position, photoId: photoId).insert(db)
        }
    }
}
