"""The sounds screen and an entry's voice notes in headless Chromium with a fake microphone: a sound recorded in the
page (a 16-bit WAV made in JavaScript, which the core's WAV reader takes), listed, played, renamed and deleted; a WAV
file imported, a broken one refused with the core's words and nothing kept; the core's message when it refuses to
delete a sound a pet uses; a voice note recorded on an entry and on a photo, played and deleted."""
import base64
import io
import struct
import unittest
import wave

from harness import PageTestCase


def wav_bytes(seconds=0.5, rate=8000):
    """A small 16-bit mono PCM WAV file: a ramp."""
    frames = int(seconds * rate)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(b"".join(struct.pack("<h", (index * 37) % 20000 - 10000) for index in range(frames)))
    return buffer.getvalue()


class SoundsTests(PageTestCase):
    browser_arguments = ("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                         "--autoplay-policy=no-user-gesture-required")

    def user_sounds(self):
        return [sound for sound in self.diary.call("sounds.list", {"limit": 500})["items"]
                if sound["kind"] != "builtin"]

    def status_is(self, page, prefix):
        page.wait_for_function(
            "prefix => document.getElementById('status').textContent.startsWith(prefix)", arg=prefix)

    def test_a_sound_recorded_in_the_page_is_listed_played_renamed_and_deleted(self):
        page = self.open(width=390)
        self.go(page, "#/pets", "pets")
        page.locator("#to-sounds").click()
        self.shows(page, "sounds")
        # The built-in sounds are listed, to play but not to delete.
        builtin = page.locator("li.sound[data-sound-id='bell']")
        builtin.locator("button.play").wait_for()
        self.assertEqual(builtin.locator("button.delete").count(), 0)

        page.fill("#sound-record-title", "Mochi's toy")
        page.locator("#sound-record").click()
        page.wait_for_selector(".screen-sounds[data-recording='yes']", state="attached")
        page.wait_for_timeout(1000)
        page.locator("#sound-record").click()
        self.status_is(page, "Added “Mochi's toy”")
        sounds = self.user_sounds()
        self.assertEqual([sound["title"] for sound in sounds], ["Mochi's toy"])
        sound = sounds[0]
        self.assertEqual((sound["bits"], sound["channels"]), (16, 1))
        self.assertGreaterEqual(sound["rate"], 8000)
        self.assertTrue(0.7 <= sound["durationSeconds"] <= 5, sound["durationSeconds"])
        row = page.locator(f"li.sound[data-sound-id='{sound['id']}']")
        row.locator("button.play").click()
        page.wait_for_selector(f"li.sound[data-sound-id='{sound['id']}'] button.play[data-played='{sound['id']}']")

        page.fill(f"[id='sound-title-{sound['id']}']", "보리 장난감")
        row.locator("form.rename button[type=submit]").click()
        self.status_is(page, "Saved.")
        self.assertEqual(self.diary.call("sounds.get", {"id": sound["id"]})["title"], "보리 장난감")
        row.locator(".sound-title", has_text="보리 장난감").wait_for()

        # Deleting asks first; "Keep it" keeps it.
        row.locator("button.delete").click()
        row.locator(".confirm").wait_for()
        self.assertIn("보리 장난감", row.locator(".confirm").text_content())
        row.locator(".confirm button", has_text="Keep it").click()
        self.assertEqual(len(self.user_sounds()), 1)
        row.locator("button.delete").click()
        row.locator(".confirm button.danger").click()
        row.wait_for(state="detached")
        self.assertEqual(self.user_sounds(), [])

    def test_a_wav_file_is_imported_and_a_broken_one_is_refused_with_the_cores_words(self):
        page = self.open()
        self.go(page, "#/sounds", "sounds")
        page.set_input_files("#sound-file", files=[{"name": "squeak-toy.wav", "mimeType": "audio/wav",
                                                     "buffer": wav_bytes()}])
        page.locator("form.import-sound button[type=submit]").click()
        self.status_is(page, "Added “squeak-toy”")
        imported = [sound for sound in self.user_sounds() if sound["title"] == "squeak-toy"]
        self.assertEqual([sound["durationSeconds"] for sound in imported], [0.5])
        page.locator(f"li.sound[data-sound-id='{imported[0]['id']}']").wait_for()

        # The browser logs the refused request (415) as a console error; nothing else may be logged.
        self.expect_console_errors = True
        before = self.user_sounds()
        page.set_input_files("#sound-file", files=[{"name": "broken.wav", "mimeType": "audio/wav",
                                                     "buffer": b"RIFF\x24\x00\x00\x00WAVEjunk and more junk"}])
        page.fill("#sound-import-title", "Broken")
        page.locator("form.import-sound button[type=submit]").click()
        page.wait_for_selector("#status[data-kind='error']")
        self.assertIn("'broken.wav' is not a WAV file the toolkit can play", page.locator("#status").text_content())
        self.assertEqual(self.user_sounds(), before)
        self.assertEqual(page.locator("li.sound .sound-title", has_text="Broken").count(), 0)
        self.assertTrue(all("415" in problem for problem in self.problems), self.problems)
        self.diary.call("sounds.delete", {"id": imported[0]["id"]})

    def test_deleting_a_pets_shutter_sound_shows_the_cores_refusal(self):
        sound = self.diary.call("sounds.import", {"data": base64.b64encode(wav_bytes()).decode(), "title": "Kong's"})
        self.diary.call("pets.create", {"name": "Kong", "shutterSoundId": sound["id"]})
        page = self.open()
        self.go(page, "#/sounds", "sounds")
        row = page.locator(f"li.sound[data-sound-id='{sound['id']}']")
        row.locator("button.delete").click()
        row.locator(".confirm button.danger").click()
        page.wait_for_selector("#status[data-kind='error']")
        self.assertIn("shutter sound of the pet Kong", page.locator("#status").text_content())
        self.assertEqual(self.diary.call("sounds.get", {"id": sound["id"]})["title"], "Kong's")
        self.assertTrue(row.locator("button.delete").is_visible())

    def test_the_sounds_screen_is_in_korean_for_korean_readers(self):
        page = self.open(locale="ko-KR")
        self.go(page, "#/sounds", "sounds")
        self.assertEqual(page.locator(".toolbar h2").text_content(), "소리")
        self.assertEqual(page.locator("label[for='sound-file']").text_content(), "WAV 파일")


class VoiceNotesTests(PageTestCase):
    browser_arguments = SoundsTests.browser_arguments

    def test_a_voice_note_is_recorded_on_an_entry_played_and_deleted(self):
        entry = self.diary.call("diary.create", {"title": "Walk", "body": "by the river"})
        page = self.open(width=390)
        self.go(page, f"#/edit/{entry['id']}", "edit")
        page.locator("#note-record").click()
        page.wait_for_selector("#note-record[aria-pressed='true']")
        page.wait_for_timeout(1000)
        page.locator("#note-record").click()
        note_row = page.locator("#entry-notes li.note")
        note_row.wait_for()
        notes = self.diary.call("notes.list", {"entryId": entry["id"]})["items"]
        self.assertEqual(len(notes), 1)
        note = notes[0]
        self.assertTrue(0.7 <= note["durationSeconds"] <= 5, note["durationSeconds"])
        self.assertEqual(self.diary.call("sounds.get", {"id": note["soundId"]})["title"], "Note on Walk")
        note_row.locator("button.play").click()
        page.wait_for_selector(f"#entry-notes button.play[data-played='{note['soundId']}']")

        note_row.locator("button.delete").click()
        note_row.locator(".confirm button.danger").click()
        note_row.wait_for(state="detached")
        self.assertEqual(self.diary.call("notes.list", {"entryId": entry["id"]})["items"], [])
        # Its sound went with it.
        with self.assertRaises(RuntimeError):
            self.diary.call("sounds.get", {"id": note["soundId"]})

    def test_a_voice_note_is_recorded_on_a_photo_in_the_viewer(self):
        album = self.diary.call("albums.create", {"title": "Park"})
        photo = self.diary.call("photos.import", {"albumId": album["id"], "path": self.diary.make_clip("ball.jpg", False)})
        self.diary.call("photos.update", {"id": photo["id"], "memo": "Ball"})
        page = self.open()
        self.go(page, f"#/photo/{photo['id']}", "photo")
        page.locator("#note-record").click()
        page.wait_for_selector("#note-record[aria-pressed='true']")
        page.wait_for_timeout(1000)
        page.locator("#note-record").click()
        note_row = page.locator("#photo-notes li.note")
        note_row.wait_for()
        notes = self.diary.call("notes.list", {"photoId": photo["id"]})["items"]
        self.assertEqual(len(notes), 1)
        self.assertEqual(self.diary.call("sounds.get", {"id": notes[0]["soundId"]})["title"], "Note on Ball")
        note_row.locator("button.play").click()
        page.wait_for_selector(f"#photo-notes button.play[data-played='{notes[0]['soundId']}']")
        note_row.locator("button.delete").click()
        note_row.locator(".confirm button.danger").click()
        note_row.wait_for(state="detached")
        self.assertEqual(self.diary.call("notes.list", {"photoId": photo["id"]})["items"], [])


if __name__ == "__main__":
    unittest.main()
