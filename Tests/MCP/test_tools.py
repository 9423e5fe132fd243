"""`toolkit mcp`'s tools, through the official MCP Python SDK over stdio, against a real core."""
import asyncio
import json
import os
import re
import shutil
import subprocess
import tempfile
import types as namespaces
import unittest
from pathlib import Path

import jsonschema
import mcp.types as types

from harness import PATIENCE, ROOT, TOOLKIT, Core, CoreTestCase, bridge, bridge_log, structured

TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
NOT_TOOLS = {"rpc.cancel", "events.subscribe", "events.unsubscribe"}


class ToolListTests(CoreTestCase):

    async def test_initialize_names_the_server_and_its_changing_tool_list(self):
        async with bridge(self.core) as session:
            result = session.initialize_result_value
            self.assertEqual(result.server_info.name, "toolkit")
            self.assertTrue(result.capabilities.tools.list_changed)

    async def test_every_method_of_the_catalogue_and_the_plugin_is_a_tool_with_valid_schemas(self):
        methods = {method["name"]: method for method in self.core.call("rpc.discover")["methods"]}
        async with bridge(self.core, "--allow-destructive") as session:
            tools = (await session.list_tools()).tools
        by_title = {tool.title: tool for tool in tools}
        self.assertEqual(set(by_title), set(methods) - NOT_TOOLS)
        self.assertIn("hello.say", by_title)
        self.assertEqual(by_title["pets.create"].name, "pets_create")
        self.assertEqual(len({tool.name for tool in tools}), len(tools))
        for tool in tools:
            with self.subTest(tool=tool.name):
                self.assertRegex(tool.name, TOOL_NAME)
                for schema in (tool.input_schema, tool.output_schema):
                    self.assertEqual(schema.get("type"), "object")
                    jsonschema.validators.validator_for(schema).check_schema(schema)
                self.assertNotIn("progress", tool.input_schema.get("properties", {}))
                self.assertTrue(tool.description)
                self.assertEqual(tool.title == "hello.say", "(plugin hello)" in tool.description)

    async def test_annotations_follow_what_each_method_does_to_the_data(self):
        async with bridge(self.core, "--allow-destructive") as session:
            tools = {tool.title: tool for tool in (await session.list_tools()).tools}
        self.assertTrue(tools["pets.list"].annotations.read_only_hint)
        self.assertFalse(tools["pets.create"].annotations.read_only_hint)
        self.assertFalse(tools["pets.create"].annotations.destructive_hint)
        self.assertTrue(tools["pets.delete"].annotations.destructive_hint)
        self.assertTrue(tools["diary.deleteAll"].annotations.destructive_hint)


class ToolCallTests(CoreTestCase):

    async def test_a_call_answers_structured_content_with_its_json_beside_it(self):
        async with bridge(self.core) as session:
            pet = structured(await session.call_tool("pets_create", {"name": "보리", "species": "dog"}))
            self.assertEqual(pet["name"], "보리")
            got = await session.call_tool("pets_get", {"id": pet["id"]})
            self.assertEqual(structured(got)["id"], pet["id"])
            self.assertIn('"name":"보리"', got.content[0].text)
            listed = structured(await session.call_tool("pets_list", {}))
            self.assertIn(pet["id"], [item["id"] for item in listed["items"]])
        self.assertEqual(self.core.call("pets.get", {"id": pet["id"]})["name"], "보리")
        self.assertRegex(bridge_log(self.core), r"pets_create: ok in [0-9.]+ ms")

    async def test_a_result_that_is_not_an_object_is_wrapped(self):
        async with bridge(self.core) as session:
            answer = structured(await session.call_tool("hello_say", {"name": "Bori"}))
        self.assertEqual(answer, {"result": "hello, Bori"})

    async def test_an_error_of_the_core_is_a_tool_error_with_its_message_code_and_data(self):
        async with bridge(self.core) as session:
            result = await session.call_tool("pets_get", {"id": "00000000-0000-0000-0000-000000000000"})
        self.assertTrue(result.is_error)
        self.assertIn("No pet has the id", result.content[0].text)
        error = result.structured_content["error"]
        self.assertEqual(error["code"], -32001)
        self.assertEqual(error["data"]["kind"], "pet")
        self.assertRegex(bridge_log(self.core), r"pets_get: error: No pet has the id")

    async def test_wrong_params_are_the_cores_invalid_params_error(self):
        async with bridge(self.core) as session:
            result = await session.call_tool("pets_create", {"name": 42})
        self.assertTrue(result.is_error)
        self.assertEqual(result.structured_content["error"]["code"], -32602)

    async def test_an_unknown_tool_is_a_tool_error(self):
        async with bridge(self.core) as session:
            result = await session.call_tool("pets_eat", {})
        self.assertTrue(result.is_error)
        self.assertIn("no tool named pets_eat", result.content[0].text)


class ListChangedTests(unittest.IsolatedAsyncioTestCase):
    async def test_stopping_a_plugin_tells_the_client_and_its_tool_goes(self):
        core = Core()
        try:
            changed = asyncio.Event()

            async def on_message(message):
                if isinstance(message, types.ToolListChangedNotification):
                    changed.set()

            async with bridge(core, message_handler=on_message) as session:
                self.assertIn("hello_say", [tool.name for tool in (await session.list_tools()).tools])
                structured(await session.call_tool("plugins_stop", {"name": "hello"}))
                await asyncio.wait_for(changed.wait(), 30 * PATIENCE)
                self.assertNotIn("hello_say", [tool.name for tool in (await session.list_tools()).tools])
        finally:
            core.stop()


class OfflineTests(unittest.IsolatedAsyncioTestCase):
    async def test_with_no_core_running_the_bridge_serves_the_data_directory_itself(self):
        directory = Path(tempfile.mkdtemp(prefix="toolkit-mcp-offline-"))
        nowhere = namespaces.SimpleNamespace(socket=str(directory / "no-core.sock"), directory=directory)
        async with bridge(nowhere, "--data-dir", str(directory / "data")) as session:
            names = [tool.name for tool in (await session.list_tools()).tools]
            self.assertIn("pets_create", names)
            pet = structured(await session.call_tool("pets_create", {"name": "Offline"}))
        self.assertIn("without plugins", bridge_log(nowhere))
        # The pet is in the data directory: a core started on it later has it.
        core = Core(plugin=False, data=directory / "data")
        try:
            self.assertEqual(core.call("pets.get", {"id": pet["id"]})["name"], "Offline")
        finally:
            core.stop()


class WithoutBridgeProgramTests(CoreTestCase):
    """`toolkit mcp` runs toolkit-mcp-bridge, found beside it, in its place; a toolkit alone serves MCP itself."""

    async def test_a_toolkit_without_the_bridge_program_beside_it_serves_mcp_itself(self):
        alone = Path(tempfile.mkdtemp(prefix="toolkit-alone-", dir=ROOT / ".build")) / "toolkit"
        try:
            os.link(TOOLKIT, alone)
        except OSError:
            shutil.copy(TOOLKIT, alone)
        try:
            async with bridge(self.core, toolkit=alone) as session:
                self.assertIn("hello_say", [tool.name for tool in (await session.list_tools()).tools])
                pet = structured(await session.call_tool("pets_create", {"name": "Alone"}))
            self.assertEqual(self.core.call("pets.get", {"id": pet["id"]})["name"], "Alone")
        finally:
            shutil.rmtree(alone.parent)


class ScriptingTests(CoreTestCase):
    async def test_a_session_read_from_a_file_is_answered_into_a_file(self):
        requests = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "sh", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
             "params": {"name": "pets_create", "arguments": {"name": "Scripted"}}},
        ]
        session = self.core.directory / "session.jsonl"
        session.write_text("".join(json.dumps(request) + "\n" for request in requests))
        answers = self.core.directory / "answers.jsonl"
        with open(session, "rb") as given, open(answers, "wb") as written:
            run = await asyncio.to_thread(
                subprocess.run, [str(TOOLKIT), "mcp", "--socket", self.core.socket], stdin=given, stdout=written,
                stderr=subprocess.PIPE, timeout=60 * PATIENCE)
        self.assertEqual(run.returncode, 0, run.stderr)
        lines = answers.read_bytes().split(b"\n")
        self.assertEqual(lines[-1], b"")
        by_id = {answer["id"]: answer for answer in map(json.loads, lines[:-1])}
        self.assertEqual(sorted(by_id), [1, 2])
        self.assertEqual(by_id[1]["result"]["serverInfo"]["name"], "toolkit")
        self.assertEqual(by_id[2]["result"]["structuredContent"]["name"], "Scripted")


if __name__ == "__main__":
    unittest.main()
