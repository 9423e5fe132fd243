"""The pets and settings screens in headless Chromium: a pet added and renamed, its shutter sound chosen from the
diary's sounds and played in the browser; the settings changed, a change made elsewhere shown at once, and the core's
own message when it refuses."""
import unittest

from harness import PageTestCase


class PetsTests(PageTestCase):
    browser_arguments = ("--autoplay-policy=no-user-gesture-required",)

    def test_a_pet_is_added_renamed_and_given_a_shutter_sound_that_plays(self):
        page = self.open(width=390)
        self.go(page, "#/pets", "pets")
        page.fill("#new-pet-name", "Mochi")
        page.fill("#new-pet-species", "cat")
        page.select_option("#new-pet-sound", "whistle")
        page.locator("form.new-pet button[type=submit]").click()
        page.wait_for_function(
            "() => [...document.querySelectorAll('form.pet-form input[id^=pet-name-]')].some(i => i.value === 'Mochi')")
        pets = [pet for pet in self.diary.call("pets.list")["items"] if pet["name"] == "Mochi"]
        self.assertEqual([(pet["species"], pet["shutterSoundId"]) for pet in pets], [("cat", "whistle")])
        pet = pets[0]
        self.assertEqual(page.input_value(f"[id='pet-sound-{pet['id']}']"), "whistle")
        page.fill(f"[id='pet-name-{pet['id']}']", "모찌")
        page.select_option(f"[id='pet-sound-{pet['id']}']", "bell")
        play = page.locator(f"form[data-pet-id='{pet['id']}'] button.play")
        play.click()
        page.wait_for_selector(f"form[data-pet-id='{pet['id']}'] button.play[data-played='bell']")
        page.locator(f"form[data-pet-id='{pet['id']}'] button[type=submit]").click()
        page.wait_for_function("() => document.getElementById('status').textContent === 'Saved.'")
        record = self.diary.call("pets.get", {"id": pet["id"]})
        self.assertEqual((record["name"], record["shutterSoundId"]), ("모찌", "bell"))
        # Back to the diary's default.
        page.select_option(f"[id='pet-sound-{pet['id']}']", "")
        page.evaluate("() => { document.getElementById('status').textContent = ''; }")
        page.locator(f"form[data-pet-id='{pet['id']}'] button[type=submit]").click()
        page.wait_for_function("() => document.getElementById('status').textContent === 'Saved.'")
        self.assertIsNone(self.diary.call("pets.get", {"id": pet["id"]})["shutterSoundId"])

    def test_a_name_the_core_refuses_shows_its_message(self):
        pet = self.diary.call("pets.create", {"name": "Kong"})
        page = self.open()
        self.go(page, "#/pets", "pets")
        page.fill(f"[id='pet-name-{pet['id']}']", "x" * 51)
        page.locator(f"form[data-pet-id='{pet['id']}'] button[type=submit]").click()
        page.wait_for_selector("#status[data-kind='error']")
        self.assertEqual(self.diary.call("pets.get", {"id": pet["id"]})["name"], "Kong")

    def test_the_pets_screen_is_in_korean_for_korean_readers(self):
        page = self.open(locale="ko-KR")
        self.go(page, "#/pets", "pets")
        self.assertEqual(page.locator("label[for='new-pet-name']").text_content(), "이름")
        self.assertEqual(page.locator("nav a[data-screen='pets']").text_content(), "반려동물")


class SettingsTests(PageTestCase):
    def test_the_settings_are_shown_and_changed(self):
        page = self.open(width=390)
        self.go(page, "#/settings", "settings")
        settings = self.diary.call("settings.get")
        self.assertEqual(page.input_value("#settings-diaryName"), settings["diaryName"])
        self.assertEqual(page.input_value("#settings-titleLimit"), str(settings["titleLimit"]))
        self.assertEqual(page.input_value("#settings-soundDevice"), settings["soundDevice"])
        page.fill("#settings-diaryName", "보리의 일기")
        page.fill("#settings-bodyLimit", "800")
        page.select_option("#settings-defaultOrder", "oldest")
        page.fill("#settings-captureDevice", "plughw:1,0")
        page.locator("form.settings-form button[type=submit]").click()
        page.wait_for_function("() => document.getElementById('diary-name').textContent === '보리의 일기'")
        settings = self.diary.call("settings.get")
        self.assertEqual((settings["diaryName"], settings["bodyLimit"], settings["defaultOrder"],
                          settings["captureDevice"]), ("보리의 일기", 800, "oldest", "plughw:1,0"))
        self.diary.call("settings.set", {"defaultOrder": "newest", "bodyLimit": 500})

    def test_a_change_made_elsewhere_shows_at_once_and_what_is_being_typed_stays(self):
        page = self.open()
        self.go(page, "#/settings", "settings")
        before = self.diary.call("settings.get")
        page.fill("#settings-captureDevice", "plughw:2,0")  # typed here, not saved
        self.diary.call("settings.set", {"diaryName": "Mochi's days", "themeColor": "#3366cc",
                                         "captureDevice": "default"})
        page.wait_for_function("() => document.getElementById('settings-diaryName').value === \"Mochi's days\"")
        self.assertEqual(page.locator("#diary-name").text_content(), "Mochi's days")
        self.assertEqual(page.input_value("#settings-themeColor"), "#3366cc")
        accent = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--accent').trim()")
        self.assertEqual(accent.lower(), "#3366cc")
        self.assertEqual(page.input_value("#settings-captureDevice"), "plughw:2,0")
        self.diary.call("settings.set", {key: before[key] for key in ("diaryName", "themeColor", "captureDevice")})

    def test_a_value_the_core_refuses_shows_the_cores_message(self):
        page = self.open()
        self.go(page, "#/settings", "settings")
        before = self.diary.call("settings.get")
        page.fill("#settings-titleLimit", "0")
        page.locator("form.settings-form button[type=submit]").click()
        page.wait_for_selector("#status[data-kind='error']")
        message = page.locator("#status").text_content()
        self.assertIn("titleLimit", message)
        self.assertEqual(self.diary.call("settings.get"), before)


if __name__ == "__main__":
    unittest.main()
