/// Comparisons whose time does not tell where two secrets differ.
enum ConstantTime {
    /// Whether `a` and `b` hold the same bytes; every byte of the longer is read whatever the first difference.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count) | (a.count == b.count ? 0 : 1)
        let length = max(a.count, b.count)
        for index in 0..<length {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
