/// A part of the config file (the whole file, `limits`, `plugins`, …): a struct whose stored properties are all
/// optional and decoded under their own names, so that its keys are the names of its properties. A key it does
/// not have stops the core (``ConfigFile/unknownKey(in:)``); adding a property makes its key known.
protocol ConfigSection: Decodable {
    /// The section with nothing set.
    init()
}

extension ConfigSection {
    /// Its keys in the order its properties are declared, each with the section it holds, if it holds one.
    static var keys: [(name: String, section: (any ConfigSection.Type)?)] {
        Mirror(reflecting: Self()).children.compactMap { child in
            guard let name = child.label else { return nil }
            return (name, (type(of: child.value) as? any OptionalConfigSection.Type)?.section)
        }
    }
}

/// An optional section, as a section's property holds one: lets ``ConfigSection/keys`` see what it holds.
protocol OptionalConfigSection {
    static var section: any ConfigSection.Type { get }
}

extension Optional: OptionalConfigSection where Wrapped: ConfigSection {
    static var section: any ConfigSection.Type { Wrapped.self }
}
