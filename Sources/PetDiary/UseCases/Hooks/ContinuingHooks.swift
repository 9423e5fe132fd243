/// The hooks of a diary without plugins: every change continues as proposed.
public struct ContinuingHooks: DiaryHooks {
    /// Makes the default hooks.
    public init() {}
}
