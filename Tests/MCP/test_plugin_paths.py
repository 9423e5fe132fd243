"""`toolkit mcp` holds a plugin's paths to the roots as it holds the core's: a param the manifest marks
`"x-path": true` (the shipped markdown-export's `dir`), and one that is a path by its name (`file`), are refused
outside the roots before the plugin sees the call; a param marked `"x-path": false` passes as it comes."""
import tempfile
import textwrap
import unittest
from pathlib import Path

from harness import ROOT, Core, CoreTestCase, bridge, structured

# A plugin that appends a line to the file its params name: `file` (no mark: a path by its name) or `notePath`
# (marked "x-path": false, so that it is not one).
WRITER = textwrap.dedent('''\
    #!/usr/bin/env python3
    import json, sys
    MANIFEST = {"name": "writer", "version": "1.0.0", "protocol": 1, "subscriptions": [], "hooks": [],
                "methods": [{"name": "writer.write", "description": "Appends a line to file or notePath.",
                             "params": {"type": "object", "additionalProperties": False, "properties": {
                                 "file": {"type": "string"}, "notePath": {"type": "string", "x-path": False}}},
                             "result": {"type": "object", "properties": {"written": {"type": "string"}}}}]}
    for line in sys.stdin:
        message = json.loads(line)
        if "id" not in message:
            continue
        method, params = message["method"], message.get("params") or {}
        if method == "getmanifest":
            result = MANIFEST
        elif method == "init":
            result = {}
        elif method == "writer.write":
            target = params.get("file") or params.get("notePath")
            with open(target, "a") as out:
                out.write("written\\n")
            result = {"written": target}
        else:
            print(json.dumps({"jsonrpc": "2.0", "id": message["id"],
                              "error": {"code": -32601, "message": "no method " + method}}), flush=True)
            continue
        print(json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}), flush=True)
    ''')


class PluginPathTests(CoreTestCase):
    @classmethod
    def setUpClass(cls):
        scratch = Path(tempfile.mkdtemp(prefix="toolkit-writer-"))
        writer = scratch / "writer"
        writer.write_text(WRITER)
        markdown = ROOT / "Plugins" / "markdown-export" / "markdown-export"
        cls.core = Core(plugin=False, plugins=[writer, markdown])
        cls.inside = Path(tempfile.mkdtemp(dir=cls.core.directory, prefix="exports-"))
        cls.outside = Path(tempfile.mkdtemp(dir=cls.core.directory, prefix="secret-"))
        cls.config = {"mcp": {"roots": [str(cls.inside)]}}

    async def test_a_plugins_path_outside_the_roots_is_refused_and_the_plugin_never_called(self):
        async with bridge(self.core, config=self.config) as session:
            by_name = await session.call_tool("writer_write", {"file": str(self.outside / "key.txt")})
            marked = await session.call_tool("export_markdown", {"dir": str(self.outside / "diary")})
            dot_dot = await session.call_tool("export_markdown", {"dir": f"{self.inside}/../{self.outside.name}/md"})
        for result in (by_name, marked, dot_dot):
            self.assertTrue(result.is_error)
            self.assertIn("outside the roots", result.content[0].text)
            self.assertIn(str(self.inside), result.content[0].text)
        self.assertIn("writer.write", by_name.content[0].text)
        self.assertEqual(list(self.outside.iterdir()), [])

    async def test_a_plugins_path_under_the_roots_reaches_the_plugin(self):
        async with bridge(self.core, config=self.config) as session:
            written = structured(await session.call_tool("writer_write", {"file": str(self.inside / "notes.txt")}))
            exported = structured(await session.call_tool("export_markdown", {"dir": str(self.inside / "diary")}))
        self.assertEqual((self.inside / "notes.txt").read_text(), "written\n")
        self.assertEqual(written["written"], str(self.inside / "notes.txt"))
        self.assertEqual(exported["dir"], str(self.inside / "diary"))
        self.assertTrue((self.inside / "diary").is_dir())

    async def test_a_param_marked_x_path_false_is_passed_as_it_comes(self):
        target = self.core.directory / "note.txt"
        async with bridge(self.core, config=self.config) as session:
            structured(await session.call_tool("writer_write", {"notePath": str(target)}))
        self.assertEqual(target.read_text(), "written\n")

    async def test_the_tools_input_schema_shows_which_params_are_paths(self):
        async with bridge(self.core) as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        self.assertIs(tools["export_markdown"].input_schema["properties"]["dir"]["x-path"], True)
        self.assertIs(tools["photos_import"].input_schema["properties"]["path"]["x-path"], True)


if __name__ == "__main__":
    unittest.main()
