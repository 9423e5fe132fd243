import Foundation

/// The first whole line a process has written to the file at `path` (its standard output sent there): waited
/// for, a poll every 50 ms, until `TestPatience` times 30 s have passed; what is there then, whole or not.
public func firstLine(writtenTo path: String) async throws -> String {
    var text = ""
    let deadline = ContinuousClock.now + TestPatience.scaled(.seconds(30))
    while !text.contains("\n") && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(50))
        text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
    return String(text.prefix { $0 != "\n" })
}
