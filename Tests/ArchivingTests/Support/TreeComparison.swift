import Foundation

/// Compares two trees: the same paths, the same kinds, the same bytes in every file.
func treesDiffer(_ left: String, _ right: String) throws -> [String] {
    let manager = FileManager.default
    let leftItems = (manager.enumerator(atPath: left)?.allObjects as? [String] ?? []).sorted()
    let rightItems = (manager.enumerator(atPath: right)?.allObjects as? [String] ?? []).sorted()
    var differences: [String] = []
    if leftItems != rightItems {
        differences.append("paths differ: \(Set(leftItems).symmetricDifference(rightItems).sorted().prefix(5))")
        return differences
    }
    for item in leftItems {
        var leftIsDir: ObjCBool = false
        var rightIsDir: ObjCBool = false
        _ = manager.fileExists(atPath: left + "/" + item, isDirectory: &leftIsDir)
        _ = manager.fileExists(atPath: right + "/" + item, isDirectory: &rightIsDir)
        if leftIsDir.boolValue != rightIsDir.boolValue {
            differences.append("\(item): kind differs")
        } else if !leftIsDir.boolValue
            && !manager.contentsEqual(atPath: left + "/" + item, andPath: right + "/" + item)
        {
            differences.append("\(item): bytes differ")
        }
    }
    return differences
}
