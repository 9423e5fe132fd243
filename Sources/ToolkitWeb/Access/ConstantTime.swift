/// Comparisons whose time does not tell where two secrets differ.
enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes; every byte of the longer is read whatever the first difference.
    static func equal(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        var left = a.makeIterator()
        var right = b.makeIterator()
        for _ in 0..<max(a.count, b.count) {
            difference |= (left.next() ?? 0) ^ (right.next() ?? 0)
        }
        return difference == 0
    }
}
