"""`toolkit mcp`'s resources (photos and videos as pictures, originals, entries and pets' pages as Markdown),
through the official MCP Python SDK over stdio, against a real core holding real files."""
import asyncio
import base64
import os
import struct
import subprocess
import tempfile
import unittest
import zlib

import mcp.types as types
from mcp import MCPError

from harness import CoreTestCase, bridge

TEMPLATES = {
    "toolkit://photos/{id}": "image/jpeg",
    "toolkit://photos/{id}/original": None,
    "toolkit://entries/{id}": "text/markdown",
    "toolkit://pets/{id}": "text/markdown",
}
UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"
# More pets than one page of resources/list holds (ResourceCatalogue.pageSize).
PETS = 55


def jpeg_size(data):
    """The width and height in a JPEG's start-of-frame segment (AssertionError when `data` is no JPEG)."""
    assert data[:2] == b"\xff\xd8", "not a JPEG: " + data[:8].hex()
    index = 2
    while index + 4 <= len(data):
        assert data[index] == 0xFF, f"no marker at {index}"
        marker = data[index + 1]
        if marker == 0xFF:
            index += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:
            index += 2
            continue
        length = struct.unpack(">H", data[index + 2:index + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[index + 5:index + 9])
            return width, height
        index += 2 + length
    raise AssertionError("a JPEG without a start-of-frame segment")


def decodes(data, suffix):
    """Whether ffmpeg decodes every frame of `data` without an error."""
    with tempfile.NamedTemporaryFile(suffix=suffix) as file:
        file.write(data)
        file.flush()
        run = subprocess.run(
            ["ffmpeg", "-v", "error", "-i", file.name, "-f", "null", "-"], capture_output=True, text=True)
    return run.returncode == 0 and run.stderr == ""


def write_noise_png(path, width, height):
    """A real PNG of random RGB pixels, which do not compress: about width × height × 3 bytes."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"".join(b"\x00" + os.urandom(width * 3) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))


def ffmpeg(*arguments):
    subprocess.run(["ffmpeg", "-v", "error", "-y", *arguments], check=True)


async def read(session, uri):
    """The one content of `uri`."""
    result = await session.read_resource(uri)
    assert len(result.contents) == 1, result.contents
    return result.contents[0]


class ResourceTests(CoreTestCase):
    """A diary with a pet, an album holding a large photo and a video, an entry with both, and more pets than
    a page of resources/list holds."""

    with_plugin = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        files = cls.core.directory / "files"
        files.mkdir()
        cls.photo_file = files / "IMG_2000.jpg"
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=2000x1500", "-frames:v", "1", str(cls.photo_file))
        video_file = files / "walk.mp4"
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=640x480:rate=10", "-t", "1", "-pix_fmt", "yuv420p", str(video_file))
        cls.pet = cls.core.call("pets.create", {"name": "보리", "species": "dog", "breed": "Jindo"})
        cls.album = cls.core.call("albums.create", {"title": "Walks", "petId": cls.pet["id"]})
        cls.photo = cls.core.call("photos.import", {"albumId": cls.album["id"], "path": str(cls.photo_file)})
        cls.video = cls.core.call("photos.import", {"albumId": cls.album["id"], "path": str(video_file)})
        cls.entry = cls.core.call("diary.create", {
            "title": "Park walk", "body": "Chased a squirrel. #walk", "date": "2026-03-01", "petId": cls.pet["id"],
            "photoIds": [cls.photo["id"], cls.video["id"]]})
        cls.pets = [cls.core.call("pets.create", {"name": f"Pet {number:02}"}) for number in range(PETS)]

    async def test_initialize_offers_resources(self):
        async with bridge(self.core) as session:
            self.assertIsNotNone(session.initialize_result_value.capabilities.resources)

    async def test_the_templates_are_listed_with_a_name_description_and_type(self):
        async with bridge(self.core) as session:
            templates = (await session.list_resource_templates()).resource_templates
        self.assertEqual({template.uri_template: template.mime_type for template in templates}, TEMPLATES)
        for template in templates:
            with self.subTest(template=template.uri_template):
                self.assertTrue(template.name)
                self.assertTrue(template.description)
        photo = next(template for template in templates if template.uri_template == "toolkit://photos/{id}")
        self.assertIn("1024 pixels", photo.description)

    async def test_the_list_pages_through_pets_then_entries_then_photos_and_every_uri_reads(self):
        pages = []
        async with bridge(self.core) as session:
            cursor = None
            while True:
                params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
                page = await session.list_resources(params=params)
                pages.append(page.resources)
                cursor = page.next_cursor
                if not cursor:
                    break
            resources = [resource for page in pages for resource in page]
            for resource in resources:
                with self.subTest(uri=resource.uri):
                    content = await read(session, resource.uri)
                    self.assertEqual(content.mime_type, resource.mime_type)
        self.assertGreater(len(pages), 3)
        uris = [resource.uri for resource in resources]
        self.assertEqual(len(set(uris)), len(uris))
        kinds = [uri.split("/")[2] for uri in uris]
        self.assertEqual(kinds, sorted(kinds, key=["pets", "entries", "photos"].index))
        self.assertEqual(kinds.count("pets"), PETS + 1)
        by_uri = {resource.uri: resource for resource in resources}
        self.assertEqual(by_uri[f"toolkit://pets/{self.pet['id']}"].name, "보리")
        self.assertEqual(by_uri[f"toolkit://entries/{self.entry['id']}"].name, "Park walk (2026-03-01)")
        self.assertEqual(by_uri[f"toolkit://entries/{self.entry['id']}"].mime_type, "text/markdown")
        photo = by_uri[f"toolkit://photos/{self.photo['id']}"]
        self.assertTrue(photo.name.startswith("IMG_2000.jpg ("), photo.name)
        self.assertEqual(photo.mime_type, "image/jpeg")
        self.assertIn("video", by_uri[f"toolkit://photos/{self.video['id']}"].name)

    async def test_a_bad_cursor_is_invalid_params(self):
        async with bridge(self.core) as session:
            with self.assertRaises(MCPError) as raised:
                await session.list_resources(params=types.PaginatedRequestParams(cursor="not-a-cursor"))
        self.assertEqual(raised.exception.code, types.INVALID_PARAMS)
        self.assertIn("not-a-cursor", raised.exception.message)

    async def test_a_photo_reads_as_a_jpeg_of_at_most_1024_pixels_that_decodes(self):
        async with bridge(self.core) as session:
            content = await read(session, f"toolkit://photos/{self.photo['id']}")
        self.assertEqual(content.mime_type, "image/jpeg")
        data = base64.b64decode(content.blob)
        self.assertLessEqual(len(data), 1_000_000)
        self.assertEqual(jpeg_size(data), (1024, 768))
        self.assertTrue(await asyncio.to_thread(decodes, data, ".jpg"))

    async def test_a_video_reads_as_its_poster(self):
        async with bridge(self.core) as session:
            content = await read(session, f"toolkit://photos/{self.video['id']}")
        self.assertEqual(content.mime_type, "image/jpeg")
        data = base64.b64decode(content.blob)
        self.assertEqual(jpeg_size(data), (640, 480))
        self.assertTrue(await asyncio.to_thread(decodes, data, ".jpg"))

    async def test_an_original_reads_back_byte_for_byte_with_its_media_type(self):
        async with bridge(self.core) as session:
            photo = await read(session, f"toolkit://photos/{self.photo['id']}/original")
            video = await read(session, f"toolkit://photos/{self.video['id']}/original")
        self.assertEqual(photo.mime_type, "image/jpeg")
        self.assertEqual(base64.b64decode(photo.blob), self.photo_file.read_bytes())
        self.assertEqual(video.mime_type, self.video["mediaType"])
        self.assertEqual(len(base64.b64decode(video.blob)), self.video["bytes"])

    async def test_an_original_too_large_is_refused_naming_its_file_and_size(self):
        big_file = self.core.directory / "files" / "noise.png"
        await asyncio.to_thread(write_noise_png, big_file, 2500, 2400)
        big = await asyncio.to_thread(
            self.core.call, "photos.import", {"albumId": self.album["id"], "path": str(big_file)})
        self.assertGreater(big["bytes"], 16 << 20)
        try:
            async with bridge(self.core) as session:
                with self.assertRaises(MCPError) as raised:
                    await read(session, f"toolkit://photos/{big['id']}/original")
                picture = await read(session, f"toolkit://photos/{big['id']}")
        finally:
            self.core.call("photos.delete", {"id": big["id"]})
        self.assertEqual(raised.exception.code, types.INVALID_PARAMS)
        message = raised.exception.message
        self.assertIn(f"{big['bytes']} bytes", message)
        self.assertIn(str(self.core.data / "blobs" / "sha256" / big["sha256"][:2] / big["sha256"]), message)
        self.assertIn("16 MiB", message)
        data = base64.b64decode(picture.blob)
        self.assertLessEqual(len(data), 1_000_000)
        self.assertLessEqual(max(jpeg_size(data)), 1024)

    async def test_an_entry_reads_as_markdown_with_its_title_pet_tags_and_photo_links(self):
        async with bridge(self.core) as session:
            content = await read(session, f"toolkit://entries/{self.entry['id']}")
        self.assertEqual(content.mime_type, "text/markdown")
        text = content.text
        self.assertTrue(text.startswith("# Park walk\n"), text)
        self.assertIn("- Date: 2026-03-01", text)
        self.assertIn(f"- Pet: [보리](toolkit://pets/{self.pet['id']})", text)
        self.assertIn("- Tags: #walk", text)
        self.assertIn("Chased a squirrel. #walk", text)
        self.assertRegex(text, rf"\[IMG_2000\.jpg \(\d{{4}}-\d\d-\d\d\)\]\(toolkit://photos/{self.photo['id']}\)")
        self.assertRegex(text, rf"\[walk\.mp4 \(video, [-\d]+\)\]\(toolkit://photos/{self.video['id']}\)")

    async def test_a_pet_page_lists_its_profile_album_and_latest_entries(self):
        async with bridge(self.core) as session:
            content = await read(session, f"toolkit://pets/{self.pet['id']}")
        self.assertEqual(content.mime_type, "text/markdown")
        text = content.text
        self.assertTrue(text.startswith("# 보리\n"), text)
        self.assertIn("- Species: dog", text)
        self.assertIn("- Breed: Jindo", text)
        self.assertIn("## Albums\n\n- Walks: 1 photo and 1 video\n", text)
        self.assertIn(f"- [Park walk](toolkit://entries/{self.entry['id']}), 2026-03-01", text)

    async def test_an_unknown_id_is_an_error_carrying_the_cores_message(self):
        async with bridge(self.core) as session:
            for uri, kind in [
                (f"toolkit://pets/{UNKNOWN_ID}", "pet"), (f"toolkit://entries/{UNKNOWN_ID}", "entry"),
                (f"toolkit://photos/{UNKNOWN_ID}", "photo"), (f"toolkit://photos/{UNKNOWN_ID}/original", "photo"),
            ]:
                with self.subTest(uri=uri):
                    with self.assertRaises(MCPError) as raised:
                        await read(session, uri)
                    self.assertEqual(raised.exception.code, types.INVALID_PARAMS)
                    self.assertRegex(raised.exception.message, rf"No {kind} has the id .*{UNKNOWN_ID}")

    async def test_an_address_that_is_not_a_toolkit_resource_names_the_templates(self):
        async with bridge(self.core) as session:
            for uri in [f"toolkit://albums/{self.album['id']}", "file:///etc/passwd",
                        f"toolkit://photos/{self.photo['id']}/thumbnail"]:
                with self.subTest(uri=uri):
                    with self.assertRaises(MCPError) as raised:
                        await read(session, uri)
                    self.assertEqual(raised.exception.code, types.INVALID_PARAMS)
                    self.assertIn("is not a toolkit resource", raised.exception.message)
                    for template in TEMPLATES:
                        self.assertIn(template, raised.exception.message)


if __name__ == "__main__":
    unittest.main()
