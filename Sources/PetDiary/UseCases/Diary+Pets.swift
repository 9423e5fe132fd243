package import Logging

extension Diary {
    /// Adds a pet and publishes `pet.created`.
    /// - Throws: ``DiaryError`` `.invalid` naming the field.
    package func createPet(_ fields: PetFields) async throws -> Pet {
        let pet = try await store.pets.create(fields)
        events.publish(.petCreated(pet))
        return pet
    }

    /// Changes the fields given and publishes `pet.updated`.
    /// - Throws: ``DiaryError`` `.notFound`, `.invalid`.
    package func updatePet(id: String, _ fields: PetFields) async throws -> Pet {
        let pet = try await store.pets.update(id: id, fields)
        events.publish(.petUpdated(pet))
        return pet
    }

    /// Deletes a pet (with `force`, its albums, photos and entries too), removes the files nothing uses
    /// any more and publishes `pet.deleted`.
    /// - Parameter logger: Where a failed file removal is logged.
    /// - Throws: ``DiaryError`` `.notFound`, or `.conflict` when the pet has albums or entries.
    package func deletePet(id: String, force: Bool, logger: Logger) async throws -> DeletionResult {
        let result = try await store.pets.delete(id: id, force: force)
        await finishDeletion(result, publishing: .petDeleted(id: id), logger: logger)
        return result
    }
}
