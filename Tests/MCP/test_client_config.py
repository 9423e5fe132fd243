"""docs/mcp.md's client config for a `make run` checkout: an assistant starts CHECKOUT/.build/release/toolkit mcp by
its absolute path, from a directory of its own and with a short PATH, and gets the diary's tools. The same holds
for .build/debug (the build the tests use), whose toolkit-mcp-bridge lies beside it as release's does."""
import os
import unittest

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from harness import ROOT, TOOLKIT, CoreTestCase


class CheckoutConfigTests(CoreTestCase):
    with_plugin = False

    def checkouts(self):
        """The `toolkit` of each build of this checkout there is, by the path form docs/mcp.md gives."""
        builds = [ROOT / ".build" / name / "toolkit" for name in ("release", "debug")]
        found = [path for path in builds if path.exists()]
        if TOOLKIT not in found and TOOLKIT.resolve() not in [path.resolve() for path in found]:
            found.append(TOOLKIT)
        self.assertTrue(found, "no build of toolkit in .build")
        return found

    async def test_the_checkouts_toolkit_mcp_serves_the_tools_started_as_an_assistant_starts_it(self):
        pet = self.core.call("pets.create", {"name": "보리"})
        for toolkit in self.checkouts():
            with self.subTest(toolkit=str(toolkit)):
                self.assertTrue(toolkit.is_absolute())
                self.assertTrue((toolkit.parent / "toolkit-mcp-bridge").exists(), "no toolkit-mcp-bridge beside it")
                environment = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/"),
                               "XDG_CONFIG_HOME": str(self.core.directory / "config")}
                parameters = StdioServerParameters(
                    command=str(toolkit), args=["mcp", "--socket", self.core.socket], env=environment, cwd="/")
                with open(self.core.directory / "checkout-bridge.log", "a") as log:
                    async with stdio_client(parameters, errlog=log) as (reader, writer):
                        async with ClientSession(reader, writer) as session:
                            await session.initialize()
                            names = [tool.name for tool in (await session.list_tools()).tools]
                            result = await session.call_tool("pets_get", {"id": pet["id"]})
                self.assertIn("pets_list", names)
                self.assertFalse(result.is_error, result.content)
                self.assertEqual(result.structured_content["name"], "보리")
                log = (self.core.directory / "checkout-bridge.log").read_text()
                self.assertNotIn("serving MCP from this process", log)


if __name__ == "__main__":
    unittest.main()
