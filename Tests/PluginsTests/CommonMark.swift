import Foundation
import ToolkitTestSupport

/// A Markdown file as a reader's renderer shows it: markdown-it-py (CommonMark) with its front matter plugin,
/// from PyPI, in the virtualenv `make markdown-venv` makes (`make test` makes it first).
struct CommonMark: Decodable {
    /// The YAML front matter, parsed by PyYAML and written back as compact JSON with sorted keys (dates as
    /// `YYYY-MM-DD`); `null` without one.
    let frontMatter: String
    /// The body as HTML.
    let html: String

    static let python = repositoryRoot + "/.build/markdown-venv/bin/python"

    /// Renders the file at `path`.
    /// - Throws: ``TestFailure`` when the virtualenv is missing (run `make markdown-venv`) or the renderer fails.
    static func render(_ path: String) async throws -> CommonMark {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw TestFailure("no CommonMark renderer at \(python): run make markdown-venv")
        }
        let result = try await runCommand(python, ["-c", script, path])
        guard result.status == 0 else { throw TestFailure("the renderer failed: \(result.stderr)") }
        return try JSONDecoder().decode(CommonMark.self, from: Data(result.stdout.utf8))
    }

    static let script = #"""
        import json, sys, yaml
        from markdown_it import MarkdownIt
        from mdit_py_plugins.front_matter import front_matter_plugin
        text = open(sys.argv[1], encoding='utf-8').read()
        md = MarkdownIt('commonmark').use(front_matter_plugin)
        tokens = md.parse(text)
        front = [token.content for token in tokens if token.type == 'front_matter']
        meta = yaml.safe_load(front[0]) if front else None
        html = md.renderer.render([t for t in tokens if t.type != 'front_matter'], md.options, {})
        meta = json.dumps(meta, default=str, ensure_ascii=False, sort_keys=True, separators=(',', ':'))
        print(json.dumps({'frontMatter': meta, 'html': html}, ensure_ascii=False))
        """#
}
