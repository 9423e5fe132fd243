/// The hooks of a diary without plugins: every change continues as proposed.
package struct ContinuingHooks: DiaryHooks {
    /// Makes the default hooks.
    package init() {}
}
