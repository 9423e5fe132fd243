/// The params of a method that lists the records matching a filter a page at a time (`diary.list`,
/// `photos.list`): the `Filter`'s members and ``PageRequest``'s `{order?, limit?, cursor?}`, side by side in
/// one JSON object. `params.petId` and `params.cursor` read and write the filter's and the page's members.
@dynamicMemberLookup
public protocol FilteredPageParams: Codable, Sendable, Hashable {
    /// The filter's own params type, such as ``DiaryList/Filter``.
    associatedtype Filter: Codable, Sendable, Hashable
    /// Which records.
    var filter: Filter { get set }
    /// Which page of them, in which order.
    var page: PageRequest { get set }

    /// Makes params of a filter and a page.
    init(_ filter: Filter, page: PageRequest)
}

extension FilteredPageParams {
    /// Reads the filter's members and the page's from the same object.
    public init(from decoder: any Decoder) throws {
        self.init(try Filter(from: decoder), page: try PageRequest(from: decoder))
    }

    /// Writes the filter's members and the page's into the same object.
    public func encode(to encoder: any Encoder) throws {
        try filter.encode(to: encoder)
        try page.encode(to: encoder)
    }

    /// Reads and writes a member of ``filter``, such as `params.petId`.
    public subscript<Value>(dynamicMember member: WritableKeyPath<Filter, Value>) -> Value {
        get { filter[keyPath: member] }
        set { filter[keyPath: member] = newValue }
    }

    /// Reads and writes a member of ``page``, such as `params.cursor`.
    public subscript<Value>(dynamicMember member: WritableKeyPath<PageRequest, Value>) -> Value {
        get { page[keyPath: member] }
        set { page[keyPath: member] = newValue }
    }
}
