import Archiving
import Foundation
import Testing
import ToolkitTestSupport

/// A share bundle to tamper with: a good export unpacked by GNU tar into a directory, packed again by
/// Python's `tarfile` (which writes any name, link or size it is told) and `zstd`, with a manifest made from
/// the files as they are then, unless a case edits it.
struct BundleDraft {
    /// The unpacked bundle's files.
    let directory: TemporaryDirectory
    /// The members packed after `manifest.json`, in order (paths relative to ``directory``).
    var files: [String]
    /// Members listed in the manifest but left out of the archive.
    var omitted: Set<String> = []
    /// Members packed as they are described: `{"name", "type": "file"|"symlink"|"hardlink"|"zeros",
    /// "text"?, "link"?, "size"?}`.
    var extras: [[String: Any]] = []
    /// Changes to the manifest made from ``files``.
    var editManifest: (inout BundleManifest) -> Void = { _ in }

    /// Unpacks the bundle at `path` (with GNU tar) into a new draft.
    init(unpacking path: String) async throws {
        directory = try TemporaryDirectory()
        let extract = try await runCommand("/usr/bin/tar", ["--zstd", "-xf", path, "-C", directory.path])
        #expect(extract.status == 0, "\(extract.stderr)")
        let manifest = try BundleManifest.decode(try directory.read(directory.appending("manifest.json")))
        files = manifest.members.map(\.path)
    }

    /// The path of a member's file in the draft.
    func path(_ member: String) -> String { directory.appending(member) }

    /// The first member whose path starts with `prefix`.
    func first(_ prefix: String) throws -> String { try #require(files.first { $0.hasPrefix(prefix) }) }

    /// Rewrites a data file's lines.
    func editLines(_ member: String, _ edit: (inout [String]) -> Void) throws {
        var lines = try String(contentsOfFile: path(member), encoding: .utf8).split(separator: "\n").map(String.init)
        edit(&lines)
        try Data((lines.map { $0 + "\n" }.joined()).utf8).write(to: URL(fileURLWithPath: path(member)))
    }

    /// Packs the draft into `output` (a `.tar.zst`).
    func pack(to output: String) async throws {
        let members = files.map { ArchiveMember(name: $0, source: .file(path: path($0))) }
        var manifest = BundleManifest(members: try await BundleManifest.records(hashing: members))
        editManifest(&manifest)
        let manifestPath = directory.appending("manifest.json")
        try Data(try manifest.encoded()).write(to: URL(fileURLWithPath: manifestPath))
        let spec: [[String: Any]] =
            [["name": "manifest.json", "type": "file", "path": manifestPath]]
            + files.filter { !omitted.contains($0) }.map { ["name": $0, "type": "file", "path": path($0)] } + extras
        let specPath = directory.appending("spec.json")
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let result = try await runCommand("/usr/bin/python3", ["-c", Self.packer, specPath, output])
        #expect(result.status == 0, "\(result.stderr)")
    }

    private static let packer = """
        import io, json, subprocess, sys, tarfile
        spec, output = json.load(open(sys.argv[1])), sys.argv[2]
        class Zeros(io.RawIOBase):
            def readable(self):
                return True
            def readinto(self, b):
                b[:] = bytes(len(b)); return len(b)
        with tarfile.open(output + '.tar', 'w', format=tarfile.PAX_FORMAT) as archive:
            for m in spec:
                info = tarfile.TarInfo(m['name']); info.mtime = 1700000000; info.mode = 0o644
                if m['type'] == 'file':
                    data = open(m['path'], 'rb').read() if 'path' in m else m['text'].encode()
                    info.size = len(data); archive.addfile(info, io.BytesIO(data))
                elif m['type'] == 'zeros':
                    info.size = m['size']; archive.addfile(info, io.BufferedReader(Zeros()))
                else:
                    info.type = tarfile.SYMTYPE if m['type'] == 'symlink' else tarfile.LNKTYPE
                    info.linkname = m['link']; archive.addfile(info)
        subprocess.check_call(['zstd', '-q', '-f', '--rm', output + '.tar', '-o', output])
        """
}
