import ArgumentParser
import ToolkitAPI

extension PetsCommand {
    /// `toolkit pets update PET [--name …] [--sound …] …`: changes the fields given.
    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a pet's details or its shutter sound.",
            discussion: """
                  toolkit pets update 보리 --sound "삑삑이 장난감"   a sound by title or id
                  toolkit pets update 보리 --breed Jindo --birthday 2021-04-05
                An empty value clears a field: --breed "", --sound "" (back to the default). Prints the pet as it \
                now is.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The pet, by name or id.", valueName: "pet")) var pet: String
        @Option(help: "A new name (up to 50 characters).") var name: String?
        @Option(help: "Any text: dog, cat, rabbit, …") var species: String?
        @Option(help: "Any text, e.g. Jindo or Maine Coon.") var breed: String?
        @Option(help: ArgumentHelp("A day, YYYY-MM-DD.", valueName: "day")) var birthday: String?
        @Option(help: "Free text kept with the pet.") var notes: String?
        @Option(help: ArgumentHelp("Its shutter sound, by title or id.", valueName: "title|id")) var sound: String?

        func validate() throws {
            guard [name, species, breed, birthday, notes, sound].contains(where: { $0 != nil }) else {
                throw ValidationError("Say what to change: --name, --species, --breed, --birthday, --notes or --sound.")
            }
        }

        func run() async throws {
            try await withCore(global) { core in
                let id = try await core.petId(for: pet)
                let soundId = try await sound.asyncMap { $0.isEmpty ? "" : try await core.soundId(for: $0) }
                let params = PetsUpdate.Params(
                    id: id, name: name, species: species, breed: breed, birthday: birthday, notes: notes,
                    shutterSoundId: soundId)
                guard let updated = try await core.call(PetsUpdate.self, params) else { return }
                print(
                    TextTable.render(
                        ["ID", "NAME", "SPECIES", "BREED", "BIRTHDAY", "SOUND"],
                        [
                            [
                                updated.id, updated.name, updated.species ?? "", updated.breed ?? "",
                                updated.birthday ?? "", updated.shutterSoundId ?? "",
                            ]
                        ]))
            }
        }
    }

    /// `toolkit pets rename PET NEW`.
    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a pet a new name.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The pet, by name or id.", valueName: "pet")) var pet: String
        @Argument(help: "Its new name (up to 50 characters).") var name: String

        func run() async throws {
            try await withCore(global) { core in
                let id = try await core.petId(for: pet)
                guard let renamed = try await core.call(PetsUpdate.self, .init(id: id, name: name)) else { return }
                print("Renamed \(pet) to \(renamed.name)")
            }
        }
    }

    /// `toolkit pets delete PET [--force]`: no question asked; the core refuses a pet that still has things.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a pet.",
            discussion: """
                A pet with albums or diary entries is refused unless --force, which deletes them with it (and \
                the albums' photos). Nothing is asked first.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The pet, by name or id.", valueName: "pet")) var pet: String
        @Flag(help: "Also delete its albums, their photos and its diary entries.") var force = false

        func run() async throws {
            try await withCore(global) { core in
                let id = try await core.petId(for: pet)
                guard let deleted = try await core.delete(PetsDelete.self, id: id, force: force, shownName: pet) else {
                    return
                }
                print(deletionSentence("pet", pet, deleted))
            }
        }
    }
}
