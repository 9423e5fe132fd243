"""photos_thumbnail answers a picture the client shows: an MCP image block with the JPEG, for a photo's thumbnail
and a video's poster alike, and no base64 in its text."""
import base64
import subprocess
import tempfile
import unittest
from pathlib import Path

import mcp.types as types

from harness import CoreTestCase, bridge, write_png


class ThumbnailToolTests(CoreTestCase):
    with_plugin = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        files = Path(tempfile.mkdtemp(dir=cls.core.directory))
        write_png(files / "bori.png", 5, width=64, height=48)
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10", "-t", "1",
                        "-pix_fmt", "yuv420p", str(files / "walk.mp4")], check=True)
        album = cls.core.call("albums.create", {"title": "Walks"})
        cls.photo = cls.core.call("photos.import", {"albumId": album["id"], "path": str(files / "bori.png")})
        cls.video = cls.core.call("photos.import", {"albumId": album["id"], "path": str(files / "walk.mp4")})

    async def test_a_photos_thumbnail_and_a_videos_poster_are_image_blocks(self):
        async with bridge(self.core, "--read-only") as session:
            for record in (self.photo, self.video):
                with self.subTest(mediaType=record["mediaType"]):
                    result = await session.call_tool("photos_thumbnail", {"id": record["id"], "size": 64})
                    self.assertFalse(result.is_error, result.content)
                    image = result.content[0]
                    self.assertIsInstance(image, types.ImageContent)
                    self.assertEqual(image.mime_type, "image/jpeg")
                    self.assertEqual(base64.b64decode(image.data, validate=True)[:2], b"\xff\xd8")
                    text = [block.text for block in result.content if isinstance(block, types.TextContent)]
                    self.assertEqual(len(text), 1)
                    self.assertNotIn(image.data[:40], text[0])
                    self.assertEqual(result.structured_content["photoId"], record["id"])
                    self.assertNotIn("data", result.structured_content)

    async def test_an_unknown_photo_is_a_tool_error_with_the_cores_message(self):
        async with bridge(self.core, "--read-only") as session:
            result = await session.call_tool("photos_thumbnail", {"id": "00000000-0000-4000-8000-000000000000"})
        self.assertTrue(result.is_error)
        self.assertIn("No photo", result.content[0].text)


if __name__ == "__main__":
    unittest.main()
