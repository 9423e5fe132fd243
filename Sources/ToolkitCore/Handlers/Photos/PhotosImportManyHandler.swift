import Foundation
import JSONRPC
import PetDiary
import Sharing
import ToolkitAPI

/// Answers `photos.importMany` as ToolkitAPI's ``PhotosImportMany`` describes it.
struct PhotosImportManyHandler: RPCHandler {
    typealias Method = PhotosImportMany

    static let maximumFiles = 100_000

    let diary: Diary

    func handle(_ params: Method.Params, context: RPCContext) async throws -> Method.Result {
        try PathAccess.check(context)
        let paths: [String]
        switch (params.paths, params.directory) {
        case (let list?, nil): paths = list
        case (nil, let directory?): paths = try Self.files(in: directory, recursive: params.recursive ?? false)
        default:
            throw RPCError.invalidParams("Give either paths or directory.", field: "paths")
        }
        guard paths.count <= Self.maximumFiles else {
            throw RPCError.invalidParams(
                "\(paths.count) files is more than one call takes (\(Self.maximumFiles)); split them.", field: "paths",
                extra: [("limit", .int(Self.maximumFiles))])
        }
        let reporter = context.progressReporter(unit: "files")
        let total = paths.count
        let outcomes = try await diary.importPhotos(at: paths, into: params.albumId) { done in
            reporter.report(done: done, total: total)
        }
        var result = Method.Result()
        for outcome in outcomes {
            switch outcome {
            case .imported(let photo):
                result.items.append(PhotoRecord(photo))
                if photo.duplicate == true {
                    result.duplicates += 1
                } else {
                    result.imported += 1
                }
            case .skipped(let path, let reason):
                result.skipped.append(.init(path: path, reason: reason))
            }
        }
        return result
    }

    /// The regular files of `directory`, sorted by path; hidden files are left out.
    static func files(in directory: String, recursive: Bool) throws -> [String] {
        guard directory.hasPrefix("/") else {
            throw RPCError.invalidParams(
                "directory '\(directory)' is relative; give an absolute path.", field: "directory")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw RPCError.invalidParams(
                "directory '\(directory)' does not exist or is not a directory.", field: "directory")
        }
        let base = URL(fileURLWithPath: directory)
        let options: FileManager.DirectoryEnumerationOptions =
            recursive ? [.skipsHiddenFiles] : [.skipsHiddenFiles, .skipsSubdirectoryDescendants]
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: options)
        else {
            throw RPCError.invalidParams("directory '\(directory)' cannot be read.", field: "directory")
        }
        var files: [String] = []
        for case let url as URL in enumerator
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files.append(url.path)
        }
        return files.sorted()
    }
}
