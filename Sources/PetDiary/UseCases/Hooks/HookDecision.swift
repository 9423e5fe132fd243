/// What a hook answers about a proposed change.
package enum HookDecision<Proposal: Sendable>: Sendable {
    /// Go on: with nil, as proposed; with a value, with that value instead.
    case `continue`(Proposal?)
    /// Refuse: nothing is stored, and the caller gets ``DiaryError/Code/rejected`` with this message
    /// (a sentence a person can act on; empty gives a default one).
    case reject(String)
}
