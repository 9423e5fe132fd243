@testable import Archiving
import Foundation
import Testing

/// Help text as a snapshot, and the limit flags as a user types them.
@Suite struct HelpAndFlagsTests {
    @Test func unpackHelpMatchesTheSnapshot() throws {
        let result = try toolkit("bundle", "unpack", "--help")
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .newlines) == Self.unpackHelp.trimmingCharacters(in: .newlines))
    }

    @Test(arguments: [("--max-total-bytes", "1K", "total-size"), ("--max-member-bytes", "1KiB", "member-size"),
                      ("--max-members", "2", "member-count")])
    func limitFlagsRefuseWithTheirReason(flag: String, value: String, reason: String) throws {
        let dir = try TestDirectory()
        try dir.write("tree/a.bin", pseudoRandomBytes(600, seed: 1))
        try dir.write("tree/b.bin", pseudoRandomBytes(600, seed: 2))
        try dir.write("tree/c.bin", pseudoRandomBytes(2000, seed: 3))
        #expect(try toolkit("bundle", "pack", dir.url("tree"), "-o", dir.url("x.tar.zst"), "--quiet").status == 0)
        let result = try toolkit("bundle", "unpack", dir.url("x.tar.zst"), dir.url("out"), "--quiet", flag, value)
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("[\(reason)]\n"), "\(result.stderr)")
        #expect(try dir.listing("out") == [])
    }

    @Test func aBadByteCountIsAUsageError() throws {
        let result = try toolkit("bundle", "unpack", "x.tar.zst", "out", "--max-total-bytes", "lots")
        #expect(result.status == 64)
        #expect(result.stderr.contains("--max-total-bytes"))
    }

    static let unpackHelp = """
        OVERVIEW: Extract a .tar.zst bundle into a directory, safely.

        Refuses absolute paths, '..', links, devices and FIFOs, and stops at the limits
        below. Nothing is written outside DIR, and files get their real names only once
        the whole archive has been read and its checksums verified, so a refused or
        damaged archive leaves no file behind. DIR is created if missing; files already
        there under a member's name are replaced.

        USAGE: toolkit bundle unpack <file> <directory> [--quiet] [--max-members <max-members>] [--max-total-bytes <bytes>] [--max-member-bytes <bytes>] [--max-ratio <max-ratio>]

        ARGUMENTS:
          <file>                  The .tar.zst file.
          <directory>             The directory to extract into.

        OPTIONS:
          --quiet                 Show no progress.
          --max-members <max-members>
                                  Refuse archives with more members than this.
                                  (default: 1000000)
          --max-total-bytes <bytes>
                                  Refuse archives whose files add up to more than this
                                  (e.g. 64G). (default: 64G)
          --max-member-bytes <bytes>
                                  Refuse any one file larger than this (e.g. 16G).
                                  (default: 16G)
          --max-ratio <max-ratio> Stop when the data decompresses to more than this
                                  many times its compressed size (0: no limit).
                                  (default: 100)
          --version               Show the version.
          -h, --help              Show help information.

        """
}
