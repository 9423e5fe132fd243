"""Progress and cancellation through `toolkit mcp`: the core's progress notifications become MCP progress, and an
MCP cancel becomes `rpc.cancel`, after which the core keeps nothing."""
import asyncio
import os
import tempfile
import unittest
from pathlib import Path

from harness import PATIENCE, Core, bridge, write_png


class ProgressTests(unittest.IsolatedAsyncioTestCase):
    async def test_an_import_of_many_photos_reports_progress(self):
        core = Core(plugin=False)
        try:
            folder = Path(tempfile.mkdtemp(dir=core.directory, prefix="photos-"))
            for number in range(70):
                write_png(folder / f"{number:03}.png", number)
            album = core.call("albums.create", {"title": "Many"})["id"]
            reports = []

            async def on_progress(progress, total, message):
                reports.append((progress, total, message))

            async with bridge(core, config={"mcp": {"roots": [str(folder)]}}) as session:
                result = await session.call_tool(
                    "photos_importMany", {"albumId": album, "directory": str(folder)}, progress_callback=on_progress)
            self.assertFalse(result.is_error, result.content)
            self.assertEqual(len(result.structured_content["items"]), 70)
            self.assertGreaterEqual(len(reports), 2, reports)
            self.assertEqual(reports[-1][:2], (70, 70))
            self.assertEqual([done for done, _, _ in reports], sorted(done for done, _, _ in reports))
            self.assertIn("of 70", reports[-1][2])
        finally:
            core.stop()


class CancelTests(unittest.IsolatedAsyncioTestCase):
    async def test_cancelling_a_recording_leaves_nothing_behind(self):
        scratch = Path(tempfile.mkdtemp(prefix="toolkit-capture-"))
        fifo = scratch / "input.fifo"
        os.mkfifo(fifo, 0o600)
        configuration = scratch / "capture.conf"
        configuration.write_text(
            "pcm.capturefifo {\n"
            f'    type file slave.pcm null file "{scratch / "tee.raw"}" infile "{fifo}" format raw\n'
            "}\n")
        # Read and write, so neither this open nor the core's blocks; the core's reads wait for data.
        feeder = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)
        core = Core(plugin=False, environment={"ALSA_CONFIG_PATH": f"/usr/share/alsa/alsa.conf:{configuration}"})
        try:
            progressed = asyncio.Event()

            async def on_progress(progress, total, message):
                progressed.set()

            async with bridge(core) as session:
                recording = asyncio.create_task(session.call_tool(
                    "sounds_record", {"title": "howl", "seconds": 600, "device": "capturefifo", "rate": 8000},
                    progress_callback=on_progress))
                os.write(feeder, bytes(8000 * 2 * 2))  # two seconds of 16-bit mono silence
                await asyncio.wait_for(progressed.wait(), 60 * PATIENCE)
                recording.cancel()
                with self.assertRaises(asyncio.CancelledError):
                    await recording
                # The bridge still answers, and the core has stopped the recording: when its input ends now,
                # a recording still under way would be kept as a 2-second sound.
                self.assertFalse((await session.call_tool("system_ping", {})).is_error)
                await asyncio.sleep(0.5 * PATIENCE)
                os.close(feeder)
                feeder = None
                for _ in range(100):
                    if not list((core.data / "blobs" / "tmp").glob("*")):
                        break
                    await asyncio.sleep(0.05 * PATIENCE)
            sounds = [sound for sound in core.call("sounds.list")["items"] if sound["kind"] == "recorded"]
            self.assertEqual(sounds, [])
            self.assertEqual(list((core.data / "blobs" / "tmp").glob("*")), [])
        finally:
            if feeder is not None:
                os.close(feeder)
            core.stop()


if __name__ == "__main__":
    unittest.main()
