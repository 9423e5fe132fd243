"""The camera screen in headless Chromium with a fake camera: a clip recorded in the page, and a file chosen in
its file input, each land in the pet's album and today's entry, and show in the feed and on today's day."""
import datetime
import unittest

from harness import WAIT, PageTestCase


def today():
    """Today in UTC, the zone the core and the browser keep in these tests."""
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


class CameraTests(PageTestCase):
    browser_arguments = ("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                         "--autoplay-policy=no-user-gesture-required")

    def uploaded(self, page):
        """The photo record of what the camera screen just uploaded, once it says so."""
        link = page.locator("#camera-result a[data-photo-id]")
        link.wait_for()
        self.assertEqual(page.evaluate("() => document.getElementById('upload-progress').value"), 100)
        return self.diary.call("photos.get", {"id": link.get_attribute("data-photo-id")})

    def todays_entries(self, pet):
        return self.diary.call("diary.list", {"petId": pet["id"], "from": today(), "to": today()})["items"]

    def test_a_clip_recorded_from_the_camera_lands_in_the_pets_album_and_todays_entry(self):
        pet = self.diary.call("pets.create", {"name": "보리", "shutterSoundId": "bell"})
        page = self.open(width=390)
        self.go(page, f"#/camera/{pet['id']}", "camera")
        # A pet without an album gets one of its name.
        self.assertEqual(page.input_value("#camera-album"), "")
        self.assertEqual(page.input_value("#camera-album-title"), "보리")
        page.locator("#camera-start").click()
        page.wait_for_selector(".screen-camera[data-camera='on']", state="attached")
        page.wait_for_function("() => document.getElementById('camera-preview').videoWidth > 0")
        page.locator("#camera-record").click()
        page.wait_for_selector(".screen-camera[data-recording='yes']", state="attached")
        # The shutter sound plays before the recording starts.
        self.assertEqual(page.locator(".screen-camera").get_attribute("data-shutter"), "bell")
        page.wait_for_timeout(2000)  # the length of the clip
        page.locator("#camera-record").click()
        photo = self.uploaded(page)
        self.assertTrue(photo["mediaType"].startswith("video/"), photo["mediaType"])
        self.assertGreater(photo["durationSeconds"] or 0, 1)
        albums = self.diary.call("albums.list", {"petId": pet["id"]})["items"]
        self.assertEqual([album["title"] for album in albums], ["보리"])
        self.assertEqual(photo["albumId"], albums[0]["id"])
        entries = self.todays_entries(pet)
        self.assertEqual(len(entries), 1)
        self.assertIn(photo["id"], entries[0]["photoIds"])

        self.go(page, "#/feed", "feed")
        page.locator(f"article[data-entry-id='{entries[0]['id']}'] [data-photo-id='{photo['id']}']").wait_for()
        self.go(page, "#/calendar", "calendar")
        cell = page.locator(f"li[data-day='{today()}']")
        cell.locator(".mark.videos").wait_for()
        cell.locator("a").click()
        self.shows(page, "day")
        page.locator(f".day-clips [data-photo-id='{photo['id']}']").wait_for()

        # A photo, taken from the keyboard, goes to the same album and the same entry.
        self.go(page, f"#/camera/{pet['id']}", "camera")
        self.assertEqual(page.input_value("#camera-album"), albums[0]["id"])
        page.locator("#camera-start").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".screen-camera[data-camera='on']", state="attached")
        page.wait_for_function("() => document.getElementById('camera-preview').videoWidth > 0")
        self.assertEqual(page.evaluate("() => document.activeElement.id"), "camera-record")
        page.keyboard.press("Tab")
        self.assertEqual(page.evaluate("() => document.activeElement.id"), "camera-photo")
        page.keyboard.press("Enter")
        still = self.uploaded(page)
        self.assertEqual(still["mediaType"], "image/jpeg")
        entries = self.todays_entries(pet)
        self.assertEqual(len(entries), 1)
        self.assertEqual(entries[0]["photoIds"], [photo["id"], still["id"]])

    def test_a_file_chosen_in_the_file_input_is_uploaded_to_the_album_picked(self):
        pet = self.diary.call("pets.create", {"name": "Nabi"})
        self.diary.call("albums.create", {"title": "Other", "petId": pet["id"]})
        naps = self.diary.call("albums.create", {"title": "Naps", "petId": pet["id"]})
        clip = self.diary.make_clip("nap.mp4", True)
        page = self.open(locale="ko-KR")
        self.go(page, f"#/camera/{pet['id']}", "camera")
        self.assertEqual(page.locator("label[for='camera-album']").text_content(), "앨범")
        page.select_option("#camera-album", naps["id"])
        page.set_input_files("#camera-file", clip)
        photo = self.uploaded(page)
        self.assertEqual(photo["albumId"], naps["id"])
        self.assertEqual(photo["mediaType"], "video/mp4")
        entries = self.todays_entries(pet)
        self.assertEqual(len(entries), 1)
        self.assertEqual(entries[0]["title"], "오늘의 Nabi")
        self.assertEqual(entries[0]["photoIds"], [photo["id"]])
        self.assertIn("오늘의 일기에 올렸습니다", page.locator("#status").text_content())

    def test_over_plain_http_the_file_input_opens_the_phones_camera_after_the_shutter_sound(self):
        pet = self.diary.call("pets.create", {"name": "Dubu", "shutterSoundId": "chirp"})
        clip = self.diary.make_clip("dubu.jpg", False)
        context = self.browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US", timezone_id="UTC")
        context.set_default_timeout(WAIT)
        self.contexts.append(context)
        # What a phone's browser says on a page from http://192.168.…: no secure context, so no camera for the page.
        context.add_init_script("Object.defineProperty(window, 'isSecureContext', { value: false })")
        page = context.new_page()
        page.on("console", lambda message: message.type == "error" and self.problems.append(message.text))
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.goto(self.diary.url)
        self.shows(page, "feed")
        self.go(page, f"#/camera/{pet['id']}", "camera")
        self.assertEqual(page.locator("#camera-start").count(), 0)
        self.assertEqual(page.locator("#camera-file").get_attribute("capture"), "environment")
        self.assertEqual(page.locator("label[for='camera-file']").text_content(), "Take a photo or video")
        with page.expect_file_chooser() as chooser:
            page.locator("#camera-file").click()
        page.wait_for_selector(".screen-camera[data-shutter='chirp']", state="attached")
        chooser.value.set_files(clip)
        photo = self.uploaded(page)
        self.assertEqual(photo["mediaType"], "image/jpeg")
        self.assertEqual(self.todays_entries(pet)[0]["photoIds"], [photo["id"]])


if __name__ == "__main__":
    unittest.main()
