"""`toolkit mcp`'s guards: --read-only, deleting tools only with --allow-destructive and the user's yes, paths only
under the roots, URL imports from public addresses only."""
import http.server
import os
import subprocess
import tempfile
import threading
import unittest
from pathlib import Path

import mcp.types as types

from harness import CoreTestCase, bridge, structured, write_png


class PhotoServer:
    """An HTTP server on 127.0.0.1 that serves one PNG and counts the requests it gets."""

    def __init__(self, directory):
        write_png(Path(directory) / "served.png", 99)
        self.requests = []
        requests = self.requests

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *arguments, **options):
                super().__init__(*arguments, directory=directory, **options)

            def do_GET(self):
                requests.append(self.path)
                super().do_GET()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/served.png"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class GateTests(CoreTestCase):
    with_plugin = False


    async def test_read_only_lists_only_reading_tools_and_refuses_a_write(self):
        async with bridge(self.core, "--read-only") as session:
            tools = (await session.list_tools()).tools
            self.assertIn("pets_list", [tool.name for tool in tools])
            self.assertTrue(all(tool.annotations.read_only_hint for tool in tools))
            result = await session.call_tool("pets_create", {"name": "Nabi"})
        self.assertTrue(result.is_error)
        self.assertIn("--read-only", result.content[0].text)
        self.assertNotIn("Nabi", [pet["name"] for pet in self.core.call("pets.list")["items"]])

    async def test_deleting_tools_are_offered_only_with_allow_destructive(self):
        pet = self.core.call("pets.create", {"name": "Kkami"})
        async with bridge(self.core) as session:
            names = [tool.name for tool in (await session.list_tools()).tools]
            self.assertIn("pets_create", names)
            self.assertNotIn("pets_delete", names)
            result = await session.call_tool("pets_delete", {"id": pet["id"]})
        self.assertTrue(result.is_error)
        self.assertIn("--allow-destructive", result.content[0].text)
        self.assertEqual(self.core.call("pets.get", {"id": pet["id"]})["name"], "Kkami")

    async def test_a_deleting_call_asks_the_user_and_a_no_deletes_nothing(self):
        pet = self.core.call("pets.create", {"name": "Dubu"})
        asked = []

        async def decline(context, params):
            asked.append(params.message)
            return types.ElicitResult(action="decline")

        async with bridge(self.core, "--allow-destructive", elicitation_callback=decline) as session:
            result = await session.call_tool("pets_delete", {"id": pet["id"]})
        self.assertTrue(result.is_error)
        self.assertIn("did not allow", result.content[0].text)
        self.assertIn("delete the pet Dubu with 0 albums and 0 entries (pets.delete)", asked[0])
        self.assertEqual(self.core.call("pets.get", {"id": pet["id"]})["name"], "Dubu")

        async def accept(context, params):
            return types.ElicitResult(action="accept", content={"confirm": True})

        async with bridge(self.core, "--allow-destructive", elicitation_callback=accept) as session:
            structured(await session.call_tool("pets_delete", {"id": pet["id"]}))
        with self.assertRaises(RuntimeError):
            self.core.call("pets.get", {"id": pet["id"]})


    async def test_a_confirmation_names_what_it_deletes_and_shows_no_ids(self):
        pet = self.core.call("pets.create", {"name": "두부"})
        albums = [self.core.call("albums.create", {"title": title, "petId": pet["id"]}) for title in ("Naps", "Vet")]
        for day in ("2026-03-01", "2026-03-02", "2026-03-03"):
            self.core.call("diary.create", {"title": "Day", "body": "Slept.", "date": day, "petId": pet["id"]})
        files = Path(tempfile.mkdtemp(dir=self.core.directory))
        write_png(files / "nap.png", 3)
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t",
                        "1", "-pix_fmt", "yuv420p", str(files / "nap.mp4")], check=True)
        photo = self.core.call("photos.import", {"albumId": albums[0]["id"], "path": str(files / "nap.png")})
        self.core.call("photos.import", {"albumId": albums[0]["id"], "path": str(files / "nap.mp4")})
        asked = []

        async def decline(context, params):
            asked.append(params.message)
            return types.ElicitResult(action="decline")

        async with bridge(self.core, "--allow-destructive", elicitation_callback=decline) as session:
            for tool, arguments in (("pets_delete", {"id": "두부", "force": True}),
                                    ("albums_delete", {"id": albums[0]["id"], "force": True}),
                                    ("photos_delete", {"id": photo["id"]})):
                self.assertTrue((await session.call_tool(tool, arguments)).is_error)
        self.assertIn("delete the pet 두부 with 2 albums and 3 entries", asked[0])
        self.assertIn("delete the album Naps (두부's) with 1 photo and 1 video", asked[1])
        self.assertRegex(asked[2], r"delete the photo nap\.png \(\d{4}-\d\d-\d\d\)")
        for message in asked:
            self.assertNotIn(pet["id"], message)
            self.assertNotIn(albums[0]["id"], message)
            self.assertNotIn(photo["id"], message)
        self.assertEqual(len(self.core.call("photos.list", {"albumId": albums[0]["id"]})["items"]), 2)

    async def test_an_import_that_replaces_records_is_held_to_the_deleting_rules(self):
        bundle = {"path": "/nowhere/share.tar.zst", "onConflict": "replace"}
        async with bridge(self.core) as session:
            replacing = await session.call_tool("import_bundle", bundle)
            skipping = await session.call_tool("import_bundle", dict(bundle, onConflict="skip"))
        self.assertTrue(replacing.is_error)
        self.assertIn("overwrites the diary's records", replacing.content[0].text)
        self.assertIn("--allow-destructive", replacing.content[0].text)
        # Without replace it is a write like any other: here refused for its path, which is under no root.
        self.assertTrue(skipping.is_error)
        self.assertNotIn("--allow-destructive", skipping.content[0].text)
        asked = []

        async def decline(context, params):
            asked.append(params.message)
            return types.ElicitResult(action="decline")

        async with bridge(self.core, "--allow-destructive", elicitation_callback=decline) as session:
            result = await session.call_tool("import_bundle", bundle)
        self.assertIn("did not allow", result.content[0].text)
        self.assertIn("overwrites the diary's records", asked[0])


class RootTests(CoreTestCase):
    with_plugin = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.inside = Path(tempfile.mkdtemp(dir=cls.core.directory, prefix="photos-"))
        cls.outside = Path(tempfile.mkdtemp(dir=cls.core.directory, prefix="secret-"))
        write_png(cls.inside / "bori.png", 1)
        write_png(cls.outside / "key.png", 2)
        os.symlink(cls.outside / "key.png", cls.inside / "link.png")
        cls.album = cls.core.call("albums.create", {"title": "Walks"})["id"]

    def photos(self):
        return self.core.call("photos.list", {"albumId": self.album})["items"]

    async def test_a_path_outside_the_roots_is_refused_naming_the_roots(self):
        before = self.photos()
        async with bridge(self.core, config={"mcp": {"roots": [str(self.inside)]}}) as session:
            result = await session.call_tool("photos_import", {"albumId": self.album, "path": str(self.outside / "key.png")})
        self.assertTrue(result.is_error)
        self.assertIn("outside the roots", result.content[0].text)
        self.assertIn(str(self.inside), result.content[0].text)
        self.assertEqual(self.photos(), before)

    async def test_a_symbolic_link_or_dot_dot_out_of_a_root_is_refused(self):
        before = self.photos()
        async with bridge(self.core, config={"mcp": {"roots": [str(self.inside)]}}) as session:
            for path in (self.inside / "link.png", f"{self.inside}/../{self.outside.name}/key.png"):
                with self.subTest(path=str(path)):
                    result = await session.call_tool("photos_import", {"albumId": self.album, "path": str(path)})
                    self.assertTrue(result.is_error)
                    self.assertIn("outside the roots", result.content[0].text)
        self.assertEqual(self.photos(), before)

    async def test_without_any_root_every_path_is_refused(self):
        async with bridge(self.core) as session:
            result = await session.call_tool("photos_import", {"albumId": self.album, "path": str(self.inside / "bori.png")})
        self.assertTrue(result.is_error)
        self.assertIn("mcp.roots is empty", result.content[0].text)

    async def test_a_path_under_the_clients_roots_is_imported(self):
        async def roots(context):
            return types.ListRootsResult(roots=[types.Root(uri=self.inside.as_uri(), name="photos")])

        async with bridge(self.core, list_roots_callback=roots) as session:
            result = await session.call_tool("photos_import", {"albumId": self.album, "path": str(self.inside / "bori.png")})
        self.assertFalse(result.is_error, result.content)
        self.assertIn(result.structured_content["id"], [photo["id"] for photo in self.photos()])


class URLTests(CoreTestCase):
    with_plugin = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.served = tempfile.mkdtemp(dir=cls.core.directory)
        cls.album = cls.core.call("albums.create", {"title": "Found"})["id"]

    def setUp(self):
        self.server = PhotoServer(self.served)

    def tearDown(self):
        self.server.close()

    async def test_a_url_on_the_machine_itself_is_refused_and_never_fetched(self):
        async with bridge(self.core) as session:
            result = await session.call_tool("photos_import", {"albumId": self.album, "url": self.server.url})
        self.assertTrue(result.is_error)
        self.assertIn("127.0.0.1", result.content[0].text)
        self.assertEqual(result.structured_content["error"]["data"]["reason"], "private-address")
        self.assertEqual(self.server.requests, [])
        self.assertEqual(self.core.call("photos.list", {"albumId": self.album})["items"], [])

    async def test_the_config_can_allow_private_addresses(self):
        async with bridge(self.core, config={"mcp": {"allowPrivateURLs": True}}) as session:
            result = await session.call_tool("photos_import", {"albumId": self.album, "url": self.server.url})
        self.assertFalse(result.is_error, result.content)
        self.assertEqual(self.server.requests, ["/served.png"])


if __name__ == "__main__":
    unittest.main()
