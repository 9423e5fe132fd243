/// A table of values under unique keys kept in ascending order: a binary search finds a key, and no key is
/// hashed (a forwarded call looks up its request's serial three times and its call's id twice; hashing cost
/// more than the rest of those look-ups together).
///
/// Made for keys handed out in ascending order (serials, call numbers), so that adding one goes at the end;
/// a key that arrives late is inserted in its place. Removing a value leaves a hole, swept out once the holes
/// outnumber the values (and 32), so the table stays within about twice its count.
struct KeyedSlots<Key: Comparable, Value> {
    private var keys: [Key] = []
    private var slots: [Value?] = []

    /// How many values the table holds.
    private(set) var count = 0
    var isEmpty: Bool { count == 0 }

    /// Adds `value` under `key`, which must not be in the table already. The value is moved in, not copied
    /// (what a copy of a request's entry costs: `Benchmarks/rpc/callgrind.sh`).
    mutating func insert(_ value: consuming Value, for key: Key) {
        if let last = keys.last, key < last {
            let index = lowerBound(of: key)
            keys.insert(key, at: index)
            slots.insert(consume value, at: index)
        } else {
            keys.append(key)
            slots.append(consume value)
        }
        count += 1
    }

    /// Changes the value under `key` in place; does nothing when there is none.
    mutating func update(_ key: Key, _ change: (inout Value) -> Void) {
        guard let index = index(of: key) else { return }
        change(&slots[index]!)
    }

    /// Removes the value under `key` and returns it; nil when there is none.
    mutating func remove(_ key: Key) -> Value? {
        guard let index = index(of: key) else { return nil }
        return remove(at: index)
    }

    /// Removes the value with the highest key that `matches`, and returns it.
    mutating func removeLast(where matches: (Value) -> Bool) -> Value? {
        guard let index = slots.lastIndex(where: { $0.map(matches) ?? false }) else { return nil }
        return remove(at: index)
    }

    /// Removes every value and returns them, in key order.
    mutating func removeAll() -> [Value] {
        let all = slots.compactMap { $0 }
        keys.removeAll()
        slots.removeAll()
        count = 0
        return all
    }

    /// The keys whose value `matches`, in order.
    func keys(where matches: (Value) -> Bool) -> [Key] {
        keys.indices.compactMap { index in slots[index].map(matches) == true ? keys[index] : nil }
    }

    /// The first position whose key is not below `key`.
    private func lowerBound(of key: Key) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private func index(of key: Key) -> Int? {
        let index = lowerBound(of: key)
        return index < keys.count && keys[index] == key && slots[index] != nil ? index : nil
    }

    /// Takes the value at `index` out, leaving a hole; sweeps the holes out once they outnumber the values.
    private mutating func remove(at index: Int) -> Value? {
        var value: Value? = nil
        swap(&value, &slots[index])  // moved out, not copied
        count -= 1
        if slots.count > 2 * count + 32 {
            // Everything before `kept` is a value in order; everything from `kept` up to `position` a hole.
            var kept = 0
            for position in slots.indices where slots[position] != nil {
                keys[kept] = keys[position]
                slots.swapAt(kept, position)
                kept += 1
            }
            keys.removeSubrange(kept...)
            slots.removeSubrange(kept...)
        }
        return value
    }
}
