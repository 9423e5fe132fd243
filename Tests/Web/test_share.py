"""The share screen in headless Chromium: a pet's entries between two days made into a share bundle with its
gallery and downloaded (a zstd-compressed tar holding manifest.json first and index.html), nothing left behind in the
data directory; days in the wrong order are caught before anything is made."""
import datetime
import os
import subprocess
import unittest

from harness import PATIENCE, PageTestCase


def today():
    """Today in UTC, the zone the core and the browser keep in these tests."""
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


class ShareTests(PageTestCase):
    def left_behind(self):
        """What a share left in the data directory: staging directories and exports."""
        data = self.diary.data
        staged = [name for name in os.listdir(data / "blobs" / "tmp") if name.startswith("web-")] \
            if (data / "blobs" / "tmp").exists() else []
        exports = os.listdir(data / "exports") if (data / "exports").exists() else []
        return staged + exports

    def test_a_pets_bundle_is_made_and_downloaded(self):
        pet = self.diary.call("pets.create", {"name": "보리"})
        other = self.diary.call("pets.create", {"name": "Nabi"})
        self.diary.call("diary.create", {"title": "Walk", "body": "by the river", "petId": pet["id"]})
        self.diary.call("diary.create", {"title": "Nap", "body": "all day", "petId": other["id"]})
        page = self.open(width=390)
        page.locator("nav a[data-screen='share']").click()
        self.shows(page, "share")
        page.select_option("#share-what", f"pet:{pet['id']}")
        page.fill("#share-start", "2020-01-01")
        page.fill("#share-end", today())
        with page.expect_download() as waiting:
            page.locator("#share-make").click()
        download = waiting.value
        self.assertTrue(download.suggested_filename.endswith(".tar.zst"), download.suggested_filename)
        self.assertIn("보리", download.suggested_filename)
        path = download.path()
        with open(path, "rb") as file:
            data = file.read()
        self.assertGreater(len(data), 0)
        self.assertEqual(data[:4], b"\x28\xb5\x2f\xfd")
        members = subprocess.run(["tar", "--zstd", "-tf", path], check=True, capture_output=True,
                                 timeout=60 * PATIENCE).stdout.decode().split()
        self.assertEqual(members[0], "manifest.json")
        self.assertIn("index.html", members)
        entries = subprocess.run(["tar", "--zstd", "-xOf", path, "data/entries.jsonl"], check=True,
                                 capture_output=True, timeout=60 * PATIENCE).stdout.decode()
        self.assertIn("Walk", entries)
        self.assertNotIn("Nap", entries)
        page.locator("#share-download").wait_for()
        self.assertIn(download.suggested_filename, page.locator("#share-result").text_content())
        self.assertEqual(self.left_behind(), [])

    def test_days_in_the_wrong_order_are_caught_in_the_page(self):
        page = self.open(locale="ko-KR")
        self.go(page, "#/share", "share")
        self.assertEqual(page.locator("label[for='share-what']").text_content(), "공유할 것")
        page.fill("#share-start", "2024-05-02")
        page.fill("#share-end", "2024-05-01")
        page.locator("#share-make").click()
        page.wait_for_selector("#status[data-kind='error']")
        self.assertIn("시작 날짜", page.locator("#status").text_content())
        self.assertEqual(page.locator("#share-download").count(), 0)


if __name__ == "__main__":
    unittest.main()
