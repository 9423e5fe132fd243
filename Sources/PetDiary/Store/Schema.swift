import GRDB

/// The database schema, as numbered migrations. A migration, once shipped, is never edited: a change
/// is a new migration appended here.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 pets, albums, photos, entries, settings") { db in
            try db.execute(sql: v1)
        }
        migrator.registerMigration("v2 sounds") { db in
            try db.execute(sql: v2)
        }
        migrator.registerMigration("v3 sound and capture devices") { db in
            try db.execute(sql: v3)
        }
        migrator.registerMigration("v4 voice notes") { db in
            try db.execute(sql: v4)
        }
        migrator.registerMigration("v5 video details") { db in
            try db.execute(sql: v5)
        }
        migrator.registerMigration("v6 video renditions") { db in
            try db.execute(sql: v6)
        }
        migrator.registerMigration("v7 days in the user's time") { db in
            try db.execute(sql: v7)
        }
        return migrator
    }

    /// Times are RFC 3339 UTC text of one width (see ``Timestamp``), so they sort as text. Every list
    /// has an index matching its keyset order, ending in `id` so the order is total.
    private static let v1 = """
        CREATE TABLE pet (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            species TEXT,
            breed TEXT,
            birthday TEXT,
            notes TEXT,
            shutterSoundId TEXT,
            createdAt TEXT NOT NULL,
            updatedAt TEXT NOT NULL
        );
        CREATE INDEX pet_order ON pet(createdAt, id);

        CREATE TABLE album (
            id TEXT PRIMARY KEY NOT NULL,
            petId TEXT REFERENCES pet(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            createdAt TEXT NOT NULL,
            updatedAt TEXT NOT NULL
        );
        CREATE INDEX album_order ON album(createdAt, id);
        CREATE INDEX album_pet ON album(petId, createdAt, id);

        CREATE TABLE photo (
            id TEXT PRIMARY KEY NOT NULL,
            albumId TEXT NOT NULL REFERENCES album(id) ON DELETE CASCADE,
            sha256 TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            mediaType TEXT NOT NULL,
            width INTEGER,
            height INTEGER,
            orientation INTEGER,
            durationSeconds REAL,
            takenAt TEXT NOT NULL,
            importedAt TEXT NOT NULL,
            filename TEXT,
            memo TEXT NOT NULL DEFAULT '',
            favorite INTEGER NOT NULL DEFAULT 0,
            UNIQUE (albumId, sha256)
        );
        CREATE INDEX photo_order ON photo(takenAt, importedAt, id);
        CREATE INDEX photo_album ON photo(albumId, takenAt, importedAt, id);
        CREATE INDEX photo_sha256 ON photo(sha256);

        CREATE TABLE thumbnail (
            sha256 TEXT NOT NULL,
            size INTEGER NOT NULL,
            thumbnailSha256 TEXT NOT NULL,
            PRIMARY KEY (sha256, size)
        ) WITHOUT ROWID;

        -- `seq` is the full-text index's rowid: an INTEGER PRIMARY KEY, so VACUUM cannot renumber it.
        CREATE TABLE entry (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            petId TEXT REFERENCES pet(id) ON DELETE CASCADE,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            date TEXT NOT NULL,
            favorite INTEGER NOT NULL DEFAULT 0,
            createdAt TEXT NOT NULL,
            updatedAt TEXT NOT NULL
        );
        CREATE INDEX entry_order ON entry(date, createdAt, id);
        CREATE INDEX entry_pet ON entry(petId, date, createdAt, id);
        CREATE INDEX entry_favorite ON entry(favorite, date, createdAt, id);

        CREATE TABLE entryPhoto (
            entryId TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            photoId TEXT NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
            PRIMARY KEY (entryId, position)
        ) WITHOUT ROWID;
        CREATE INDEX entryPhoto_photo ON entryPhoto(photoId);

        -- A tag's position is where it first appears in the body, so tags come back in reading order. The
        -- entry's date and createdAt are repeated here so that a list by tag walks one index in order.
        CREATE TABLE entryTag (
            entryId TEXT NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            tag TEXT NOT NULL,
            date TEXT NOT NULL,
            createdAt TEXT NOT NULL,
            PRIMARY KEY (entryId, position),
            UNIQUE (entryId, tag)
        ) WITHOUT ROWID;
        CREATE INDEX entryTag_order ON entryTag(tag, date, createdAt, entryId);

        -- Substring search in any script: bigrams of every word (see BigramTokenizer), kept in step by triggers.
        CREATE VIRTUAL TABLE entry_fts USING fts5(
            title, body, content='entry', content_rowid='seq', tokenize='bigram'
        );
        CREATE TRIGGER entry_fts_insert AFTER INSERT ON entry BEGIN
            INSERT INTO entry_fts(rowid, title, body) VALUES (new.seq, new.title, new.body);
        END;
        CREATE TRIGGER entry_fts_delete AFTER DELETE ON entry BEGIN
            INSERT INTO entry_fts(entry_fts, rowid, title, body) VALUES ('delete', old.seq, old.title, old.body);
        END;
        CREATE TRIGGER entry_fts_update AFTER UPDATE OF title, body ON entry BEGIN
            INSERT INTO entry_fts(entry_fts, rowid, title, body) VALUES ('delete', old.seq, old.title, old.body);
            INSERT INTO entry_fts(rowid, title, body) VALUES (new.seq, new.title, new.body);
        END;

        -- One row of settings; defaults live in the column definitions.
        CREATE TABLE settings (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            diaryName TEXT NOT NULL DEFAULT 'Pet diary',
            themeColor TEXT NOT NULL DEFAULT '#FF9500',
            defaultOrder TEXT NOT NULL DEFAULT 'newest',
            titleLimit INTEGER NOT NULL DEFAULT 15,
            bodyLimit INTEGER NOT NULL DEFAULT 500,
            shutterSoundId TEXT,
            cursorKey BLOB NOT NULL
        );
        INSERT INTO settings (id, cursorKey) VALUES (1, randomblob(32));
        """

    /// Sounds, as photos are: rows over content-addressed WAV blobs. The built-in ones are added at start-up
    /// (their bytes are made by code), not here.
    private static let v2 = """
        CREATE TABLE sound (
            id TEXT PRIMARY KEY NOT NULL,
            title TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('builtin', 'imported', 'recorded')),
            sha256 TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            durationSeconds REAL NOT NULL,
            rate INTEGER NOT NULL,
            channels INTEGER NOT NULL,
            bits INTEGER NOT NULL,
            createdAt TEXT NOT NULL
        );
        CREATE INDEX sound_order ON sound(createdAt, id);
        CREATE INDEX sound_sha256 ON sound(sha256);
        """

    /// The ALSA devices the core plays to (`sounds.play`, `shutter.fire`) and records from when a call names none.
    private static let v3 = """
        ALTER TABLE settings ADD COLUMN soundDevice TEXT NOT NULL DEFAULT 'default';
        ALTER TABLE settings ADD COLUMN captureDevice TEXT NOT NULL DEFAULT 'default';
        """

    /// Voice notes: a sound attached to exactly one diary entry or one photo, going with it. A sound recorded
    /// for a note is marked `forNote`, so that it goes too once no note, pet or setting uses it.
    private static let v4 = """
        ALTER TABLE sound ADD COLUMN forNote INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX sound_forNote ON sound(id) WHERE forNote = 1;

        CREATE TABLE note (
            id TEXT PRIMARY KEY NOT NULL,
            soundId TEXT NOT NULL REFERENCES sound(id),
            entryId TEXT REFERENCES entry(id) ON DELETE CASCADE,
            photoId TEXT REFERENCES photo(id) ON DELETE CASCADE,
            createdAt TEXT NOT NULL,
            CHECK ((entryId IS NULL) <> (photoId IS NULL))
        );
        CREATE INDEX note_entry ON note(entryId, createdAt, id);
        CREATE INDEX note_photo ON note(photoId, createdAt, id);
        CREATE INDEX note_sound ON note(soundId);
        """

    /// What a video's container says beyond its size and length: its codecs as ffmpeg names them and its
    /// frame rate. Videos imported before have none (null) until the maintenance pass reads their headers again.
    private static let v5 = """
        ALTER TABLE photo ADD COLUMN videoCodec TEXT;
        ALTER TABLE photo ADD COLUMN audioCodec TEXT;
        ALTER TABLE photo ADD COLUMN frameRate REAL;
        """

    /// Browser-playable copies of videos: like thumbnails, keyed by the original blob's hash, so that the photos
    /// sharing a blob share its copy, and the copy goes when the last of them does.
    private static let v6 = """
        CREATE TABLE rendition (
            sha256 TEXT PRIMARY KEY NOT NULL,
            renditionSha256 TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            createdAt TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX rendition_blob ON rendition(renditionSha256);
        """

    /// A photo's moment as it was lived: the offset its file recorded it at (seconds east of UTC, null when the
    /// file names none), the offset it counts in (that one, else the diary's time zone's at that instant) and
    /// the local day that gives; and where `takenAt` came from (`exif`, `container`, `file`, `import`, `plugin`;
    /// null for rows from before). `settings.dayZone` is the time zone the days without a recorded offset were cut
    /// in; when the diary's zone changes, the store cuts them again (``PhotoDays``). Rows from before have their
    /// days cut when the store opens.
    private static let v7 = """
        ALTER TABLE photo ADD COLUMN takenOffset INTEGER;
        ALTER TABLE photo ADD COLUMN localOffset INTEGER;
        ALTER TABLE photo ADD COLUMN takenDay TEXT;
        ALTER TABLE photo ADD COLUMN takenAtSource TEXT;
        CREATE INDEX photo_day ON photo(takenDay, takenAt, importedAt, id);
        CREATE INDEX photo_uncut ON photo(id) WHERE takenDay IS NULL;
        ALTER TABLE settings ADD COLUMN dayZone TEXT;
        """
}
