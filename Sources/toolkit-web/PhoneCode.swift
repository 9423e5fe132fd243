import Foundation

/// A QR code of the URL on stderr, for a phone's camera, when the app listens where a phone can reach it. It is
/// drawn by `qrencode` (Debian's qrencode) when that is installed; otherwise a line says how to get one.
enum PhoneCode {
    static func show(_ url: String) {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/qrencode" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            FileHandle.standardError.write(
                Data("toolkit web: install qrencode (apt install qrencode) to have a QR code of the URL here.\n".utf8))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--type=UTF8", "--margin=2", url]
        process.standardOutput = FileHandle.standardError
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            FileHandle.standardError.write(Data("toolkit web: qrencode did not run (\(error)).\n".utf8))
        }
    }
}
