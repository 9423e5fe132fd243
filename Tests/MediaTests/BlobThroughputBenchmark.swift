import Foundation
import Testing

@testable import Media

/// Bulk import throughput of ``BlobStore`` on a real photo corpus; runs only when
/// `PETDIARY_BENCH_CORPUS` names a directory (see `Benchmarks/media/run.sh`, which times
/// `cp` + `sha256sum` on the same files for comparison).
@Suite(.serialized) struct BlobThroughputBenchmark {
    static let corpus = ProcessInfo.processInfo.environment["PETDIARY_BENCH_CORPUS"]
    static let output = ProcessInfo.processInfo.environment["PETDIARY_BENCH_OUT"]

    @Test(.enabled(if: corpus != nil), arguments: [1, 2])
    func importCorpus(parallelism: Int) async throws {
        let corpus = try #require(Self.corpus)
        let files = (FileManager.default.enumerator(atPath: corpus)?.allObjects as? [String] ?? [])
            .map { corpus + "/" + $0 }
            .filter {
                var info = stat()
                return stat($0, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
            }
            .sorted()
        let root =
            (Self.output ?? FileManager.default.temporaryDirectory.path) + "/blob-bench-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = try BlobStore(root: root)

        let clock = ContinuousClock()
        let start = clock.now
        var staged: [StagedBlob] = []
        try await withThrowingTaskGroup(of: StagedBlob.self) { group in
            var next = 0
            for _ in 0..<parallelism where next < files.count {
                let path = files[next]
                next += 1
                group.addTask { try await store.stage(fileAt: path) }
            }
            while let blob = try await group.next() {
                staged.append(blob)
                if next < files.count {
                    let path = files[next]
                    next += 1
                    group.addTask { try await store.stage(fileAt: path) }
                }
            }
        }
        let stagedAt = clock.now
        let blobs = try await store.publish(staged)
        let end = clock.now
        for blob in blobs { blob.release() }

        let bytes = Double(staged.reduce(0) { $0 + $1.size })
        func rate(_ duration: Duration) -> String {
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            return String(format: "%.2f s, %.0f MB/s", seconds, bytes / seconds / 1e6)
        }
        print(
            "BENCH blobstore parallelism=\(parallelism) files=\(files.count) bytes=\(Int(bytes))"
                + " stage: \(rate(stagedAt - start));"
                + " stage+publish(fdatasync each, rename, dir fsync): \(rate(end - start))"
        )
        #expect(blobs.count == files.count)
    }
}
