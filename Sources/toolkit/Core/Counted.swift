/// `1 pet`, `2 pets`, `1 diary entry`, `0 entries`: a count with its noun in the number it takes.
/// - Parameters:
///   - count: How many.
///   - singular: The noun for one.
///   - plural: The noun for any other count; `singular` + "s" when nil.
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
