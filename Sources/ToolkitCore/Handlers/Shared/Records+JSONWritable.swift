import JSONRPC
import PetDiary

// The diary's records write their JSON directly: a page of entries through `JSONEncoder` cost more than
// reading it from the database. Members are in sorted key order, as the shared encoder writes them;
// `JSONWritableTests` checks both give the same JSON.

extension Page: JSONWritable where Item: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("items")
        writer.value(items)
        writer.key("nextCursor")
        writer.value(nextCursor)
        writer.endObject()
    }
}

extension DiaryEntry: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("body"); writer.value(body)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("date"); writer.value(date)
        writer.key("favorite"); writer.value(favorite)
        writer.key("id"); writer.value(id)
        writer.key("petId"); writer.value(petId)
        writer.key("photoIds"); writer.value(photoIds)
        writer.key("tags"); writer.value(tags)
        writer.key("title"); writer.value(title)
        writer.key("updatedAt"); writer.value(updatedAt)
        writer.endObject()
    }
}

extension SearchHit: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("entry"); writer.value(entry)
        writer.key("rank"); writer.value(rank)
        writer.key("snippet"); writer.value(snippet)
        writer.endObject()
    }
}

extension Photo: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("albumId"); writer.value(albumId)
        writer.key("bytes"); writer.value(bytes)
        if let duplicate { writer.key("duplicate"); writer.value(duplicate) }
        writer.key("durationSeconds"); writer.value(durationSeconds)
        writer.key("favorite"); writer.value(favorite)
        writer.key("filename"); writer.value(filename)
        writer.key("height"); writer.value(height)
        writer.key("id"); writer.value(id)
        writer.key("importedAt"); writer.value(importedAt)
        writer.key("mediaType"); writer.value(mediaType)
        writer.key("memo"); writer.value(memo)
        writer.key("orientation"); writer.value(orientation)
        writer.key("sha256"); writer.value(sha256)
        writer.key("takenAt"); writer.value(takenAt)
        writer.key("width"); writer.value(width)
        writer.endObject()
    }
}

extension Pet: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("birthday"); writer.value(birthday)
        writer.key("breed"); writer.value(breed)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("id"); writer.value(id)
        writer.key("name"); writer.value(name)
        writer.key("notes"); writer.value(notes)
        writer.key("shutterSoundId"); writer.value(shutterSoundId)
        writer.key("species"); writer.value(species)
        writer.key("updatedAt"); writer.value(updatedAt)
        writer.endObject()
    }
}

extension Album: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("coverPhotoId"); writer.value(coverPhotoId)
        writer.key("createdAt"); writer.value(createdAt)
        writer.key("id"); writer.value(id)
        writer.key("petId"); writer.value(petId)
        writer.key("photoCount"); writer.value(photoCount)
        writer.key("title"); writer.value(title)
        writer.key("updatedAt"); writer.value(updatedAt)
        writer.endObject()
    }
}
