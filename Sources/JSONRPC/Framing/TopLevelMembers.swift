/// Where the members of a top-level JSON object lie, recorded by ``JSONValueScanner`` while it validates the
/// value, so that reading a message does not walk its bytes a second time.
///
/// Offsets count from the value's first byte. Only the first ``capacity`` members are kept: an object with
/// more (or one too long for 32-bit offsets) is left ``isUsable`` false, and its reader walks it instead
/// (``JSONStructure/MemberCursor``). A message has four members at most; the capacity leaves room for
/// extensions.
package struct TopLevelMembers: Sendable, Equatable {
    /// One member: its key's bytes between the quotes (escapes unresolved) and its value's bytes.
    struct Member: Sendable, Equatable {
        var keyStart: Int32 = 0
        var keyEnd: Int32 = 0
        var valueStart: Int32 = 0
        var valueEnd: Int32 = 0

        var key: Range<Int> { Int(keyStart)..<Int(keyEnd) }
        var value: Range<Int> { Int(valueStart)..<Int(valueEnd) }
    }

    static let capacity = 8

    /// True when the value is an object and every member of it is recorded here.
    private(set) var isUsable = false
    private(set) var count = 0
    private var members = InlineArray<8, Member>(repeating: Member())

    /// No object recorded.
    package static let none = TopLevelMembers()

    subscript(index: Int) -> Member { members[index] }

    package static func == (lhs: TopLevelMembers, rhs: TopLevelMembers) -> Bool {
        lhs.isUsable == rhs.isUsable && lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] }
    }

    /// Forgets what was recorded, as ``none`` is, without copying it.
    mutating func clear() {
        isUsable = false
        count = 0
    }

    /// Starts recording: the value is an object.
    mutating func begin() {
        isUsable = true
        count = 0
    }

    /// Records a member whose key and value lie at the given offsets; past the capacity, or past 32-bit
    /// offsets, the table stops being usable.
    @inline(__always)
    mutating func append(key: Range<Int>, valueStart: Int, valueEnd: Int) {
        guard isUsable, count < Self.capacity, valueEnd <= Int(Int32.max) else {
            isUsable = false
            return
        }
        // Every offset is at most `valueEnd`, which fits: no conversion can trap.
        members[count] = Member(
            keyStart: Int32(truncatingIfNeeded: key.lowerBound), keyEnd: Int32(truncatingIfNeeded: key.upperBound),
            valueStart: Int32(truncatingIfNeeded: valueStart), valueEnd: Int32(truncatingIfNeeded: valueEnd))
        count += 1
    }
}
