import ArgumentParser
import JSONRPC
import ToolkitAPI

/// `toolkit pets [list|add|update|rename|delete]`: the pets, over the socket.
struct PetsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pets",
        abstract: "List, add, change or delete pets.",
        discussion: """
              toolkit pets                         list every pet
              toolkit pets add 보리 --species dog --birthday 2021-04-05
              toolkit pets update 보리 --sound squeak   its shutter sound, by title or id
              toolkit pets rename 보리 Bori
              toolkit pets delete Bori
            A pet is named by its name or its id wherever one is asked for.
            """,
        subcommands: [List.self, Add.self, Update.self, Rename.self, Delete.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every pet.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await withCore(global) { core in
                guard let pets = try await core.everyItem(of: PetsList.self) else { return }
                var soundTitles: [String: String] = [:]
                for id in Set(pets.compactMap(\.shutterSoundId)) {
                    soundTitles[id] = (try? await core.client.call(SoundsGet.self, .init(id: id)))?.title ?? id
                }
                let rows = pets.map { pet in
                    [
                        pet.id, pet.name, pet.species ?? "", pet.breed ?? "", pet.birthday ?? "",
                        pet.shutterSoundId.map { soundTitles[$0] ?? $0 } ?? "",
                    ]
                }
                print(
                    rows.isEmpty
                        ? "No pets yet: toolkit pets add NAME"
                        : TextTable.render(["ID", "NAME", "SPECIES", "BREED", "BIRTHDAY", "SOUND"], rows))
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a pet and print its id.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The pet's name (up to 50 characters).") var name: String
        @Option(help: "Any text: dog, cat, rabbit, …") var species: String?
        @Option(help: "Any text, e.g. Jindo or Maine Coon.") var breed: String?
        @Option(help: ArgumentHelp("A day, YYYY-MM-DD.", valueName: "day")) var birthday: String?
        @Option(help: "Free text kept with the pet.") var notes: String?

        func run() async throws {
            try await withCore(global) { core in
                let params = PetsCreate.Params(
                    name: name, species: species, breed: breed, birthday: birthday, notes: notes)
                guard let pet = try await core.call(PetsCreate.self, params) else { return }
                print(pet.id)
            }
        }
    }
}
