/// What a method does to the user's data, as `rpc.discover` tells it (`x-effect`): a bridge that offers
/// methods as tools marks the reading ones safe and asks before the destroying ones.
public enum RPCMethodEffect: String, Sendable, Hashable, CaseIterable {
    /// Changes none of the user's data (derived caches such as thumbnails are not the user's data).
    case read
    /// Adds or changes data; what a method that does not say counts as.
    case write
    /// Deletes or overwrites what cannot be got back.
    case destroy
}
