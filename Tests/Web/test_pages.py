"""The web app's pages in headless Chromium: each screen loads without console errors on a phone's and a desktop's
width, shows what the diary holds, follows what changes elsewhere, and puts the diary's text in as text."""
import datetime
import unittest

from harness import PageTestCase

WIDTHS = (390, 1280)


def today():
    """Today in UTC, the zone the core and the browser keep in these tests."""
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


class ScreensTests(PageTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        diary = cls.diary
        cls.pet = diary.rpc("pets.create", {"name": "보리", "species": "dog"})
        cls.album = diary.call("albums.create", {"title": "Walks", "petId": cls.pet["id"]})
        album = cls.album["id"]
        cls.photo = diary.call("photos.import", {"albumId": album, "path": diary.make_clip("park.jpg", False)})
        cls.video = diary.call("photos.import", {"albumId": album, "path": diary.make_clip("run.mp4", True)})
        cls.entry = diary.rpc("diary.create", {
            "title": "First walk", "body": "Along the river.\n#walk", "petId": cls.pet["id"],
            "photoIds": [cls.photo["id"], cls.video["id"]]})

    def test_every_screen_loads_without_console_errors_at_a_phone_and_a_desktop_width(self):
        day = today()
        routes = [
            ("#/calendar", "calendar"), (f"#/day/{day}", "day"), ("#/albums", "albums"),
            (f"#/album/{self.album['id']}", "album"), (f"#/photo/{self.photo['id']}", "photo"),
            (f"#/photo/{self.video['id']}", "photo"), ("#/search/walk", "search"), ("#/new", "new"),
            (f"#/edit/{self.entry['id']}", "edit"), ("#/camera", "camera"),
            (f"#/camera/{self.pet['id']}", "camera"), ("#/pets", "pets"), ("#/sounds", "sounds"),
            ("#/share", "share"), (f"#/share/pet:{self.pet['id']}", "share"), ("#/settings", "settings"),
            ("#/feed", "feed"),
        ]
        for width in WIDTHS:
            with self.subTest(width=width):
                page = self.open(width=width)
                for address, screen in routes:
                    self.go(page, address, screen)
                    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
                    self.assertLessEqual(overflow, 0, f"{address} is wider than {width} px")
                    self.assertNotIn("null", page.locator("main").inner_text(), f"{address} shows a null")
                    page.wait_for_load_state("networkidle")

    def test_a_pet_and_an_entry_made_over_the_api_appear_in_the_feed_with_their_media(self):
        page = self.open()
        card = page.locator(f"article[data-entry-id='{self.entry['id']}']")
        card.wait_for()
        self.assertEqual(card.locator("h2").text_content(), "First walk")
        self.assertIn("보리", card.locator(".pet").text_content())
        tiles = card.locator(".tile img")
        self.assertEqual(tiles.count(), 2)
        # The first screen's cards load their thumbnails at once; cards further down, as they near the screen.
        self.assertEqual(tiles.first.get_attribute("loading"), "eager")
        # The day is written from the page's strings as Intl.DateTimeFormat writes it, without its data's cost.
        written = card.locator("time").text_content()
        intl = page.evaluate(
            """(day) => new Intl.DateTimeFormat("en", {year: "numeric", month: "long", day: "numeric",
                weekday: "short", timeZone: "UTC"}).format(new Date(day + "T00:00:00Z"))""",
            card.locator("time").get_attribute("datetime"))
        self.assertEqual(written, intl)
        self.assertIn("size=1280 1280w", tiles.first.get_attribute("srcset"))
        page.wait_for_function(
            "() => [...document.querySelectorAll('.tile img')]"
            ".every(image => image.complete && image.naturalWidth > 0)")

    def test_the_feed_filters_by_pet(self):
        other = self.diary.rpc("pets.create", {"name": "Nabi"})
        self.diary.rpc("diary.create", {"title": "Nabi naps", "body": "", "petId": other["id"]})
        page = self.open()
        page.get_by_text("Nabi naps").wait_for()
        page.select_option("#pet-filter", self.pet["id"])
        page.wait_for_function("() => location.hash.startsWith('#/feed/')")
        page.locator(f"article[data-entry-id='{self.entry['id']}']").wait_for()
        self.assertEqual(page.get_by_text("Nabi naps").count(), 0)

    def test_an_entry_added_by_the_cli_while_the_page_is_open_appears_without_a_reload(self):
        page = self.open(width=390)
        page.wait_for_selector("html[data-events='open']", state="attached")
        page.evaluate("() => { window.stillTheSamePage = true; }")
        self.diary.toolkit("diary", "add", "--title", "From the shell", "typed in a terminal")
        page.get_by_text("From the shell").wait_for()
        self.assertTrue(page.evaluate("() => window.stillTheSamePage === true"))
        first = page.locator("ol.feed > li").first.locator("h2").text_content()
        self.assertEqual(first, "From the shell")

    def test_the_calendar_marks_today_and_opens_it(self):
        self.diary.toolkit("diary", "add", "--title", "Today's nap", "on the sofa")
        page = self.open()
        self.go(page, "#/calendar", "calendar")
        cell = page.locator("a[aria-current='date']")
        self.assertEqual(cell.count(), 1)
        self.assertEqual(cell.locator("xpath=..").get_attribute("data-day"), today())
        cell.locator(".mark.entries").wait_for()
        cell.click()
        self.shows(page, "day")
        page.get_by_text("Today's nap").wait_for()

    def test_today_is_the_diarys_day_whatever_the_devices_clock_says(self):
        # A device whose date differs from the core's (UTC) right now: 12 hours behind before noon, 14 ahead after.
        hour = datetime.datetime.now(datetime.timezone.utc).hour
        page = self.open(timezone="Etc/GMT+12" if hour < 12 else "Pacific/Kiritimati")
        self.assertNotEqual(page.evaluate("new Date().toLocaleDateString('en-CA')"), today())
        self.go(page, "#/calendar", "calendar")
        cell = page.locator("a[aria-current='date']")
        self.assertEqual(cell.locator("xpath=..").get_attribute("data-day"), today())

    def test_a_day_with_only_a_video_opens_with_the_clip(self):
        page = self.open()
        taken = self.video["takenDay"] or self.video["takenAt"][:10]
        self.go(page, f"#/calendar/{taken[:7]}", "calendar")
        day = page.locator(f"li[data-day='{taken}']")
        day.locator(".mark.videos").wait_for()
        day.locator("a").click()
        self.shows(page, "day")
        page.locator(f".day-clips [data-photo-id='{self.video['id']}']").wait_for()

    def test_markup_in_a_title_shows_as_text(self):
        title = "<img src=x onerror=alert(1)>"
        self.diary.rpc("settings.set", {"titleLimit": 40})
        self.diary.rpc("diary.create", {"title": title, "body": "<b>not bold</b>"})
        page = self.open()
        heading = page.locator("article h2", has_text="onerror")
        heading.wait_for()
        self.assertEqual(heading.text_content(), title)
        self.assertEqual(page.locator("img[src='x']").count(), 0)
        self.assertEqual(page.locator("article b").count(), 0)

    def test_the_viewer_plays_the_video_from_its_poster_and_can_seek(self):
        page = self.open(width=390)
        self.go(page, f"#/photo/{self.video['id']}", "photo")
        video = page.locator("figure.viewer video")
        self.assertIn(f"/media/photos/{self.video['id']}/video", video.get_attribute("src"))
        self.assertIn("/thumbnail?size=", video.get_attribute("poster"))
        page.wait_for_function("() => document.querySelector('video').readyState >= 1")
        box = video.bounding_box()
        self.assertGreater(box["width"], 300)
        self.assertGreater(box["height"], 150)
        page.evaluate("() => { document.querySelector('video').currentTime = 1.5; }")
        page.wait_for_function(
            "() => { const v = document.querySelector('video'); return !v.seeking && v.currentTime > 1; }")

    def test_the_viewer_keeps_a_favourite_and_a_memo(self):
        page = self.open(width=390)
        self.go(page, f"#/photo/{self.photo['id']}", "photo")
        page.wait_for_function("() => document.querySelector('figure.viewer img').naturalWidth > 0")
        page.locator("button.favorite").click()
        page.wait_for_selector("button.favorite[aria-pressed='true']")
        page.fill("#memo", "보리 at the park")
        page.locator("form.memo button").click()
        page.wait_for_function("() => document.getElementById('status').textContent.length > 0")
        record = self.diary.call("photos.get", {"id": self.photo["id"]})
        self.assertTrue(record["favorite"])
        self.assertEqual(record["memo"], "보리 at the park")
        self.diary.call("photos.update", {"id": self.photo["id"], "favorite": False, "memo": ""})

    def test_the_albums_screen_lists_a_pets_albums_and_opens_one(self):
        page = self.open()
        self.go(page, "#/albums", "albums")
        album = page.locator(f"a[data-album-id='{self.album['id']}']")
        self.assertIn("Walks", album.text_content())
        album.click()
        self.shows(page, "album")
        page.locator(f".album-grid [data-photo-id='{self.photo['id']}']").wait_for()
        page.locator(f".album-grid [data-photo-id='{self.video['id']}'] .badge").wait_for()

    def test_the_editor_counts_characters_as_the_core_does_and_saves(self):
        self.diary.rpc("settings.set", {"titleLimit": 15})
        family = "\U0001F468\u200D\U0001F469\u200D\U0001F467"  # one character of five code points
        page = self.open(width=390)
        self.go(page, "#/new", "new")
        page.fill("#entry-title", family * 15)
        page.wait_for_function("() => document.getElementById('title-count').textContent === '15/15'")
        self.assertTrue(page.locator("form.editor button[type=submit]").is_enabled())
        page.fill("#entry-title", family * 16)
        page.wait_for_function("() => document.getElementById('title-count').textContent === '16/15'")
        self.assertTrue(page.locator("form.editor button[type=submit]").is_disabled())
        page.fill("#entry-title", "  " + family * 15 + "  ")
        page.wait_for_function("() => document.getElementById('title-count').textContent === '15/15'")
        page.fill("#entry-body", "한글 본문 🐕")
        page.wait_for_function("() => document.getElementById('body-count').textContent.startsWith('7/')")
        page.select_option("#entry-pet", self.pet["id"])
        page.locator("form.editor button[type=submit]").click()
        self.shows(page, "feed")
        card = page.locator("article.entry", has_text="한글 본문")
        card.wait_for()
        self.assertEqual(card.locator("h2").text_content(), family * 15)
        card.locator("a.edit").click()
        self.shows(page, "edit")
        self.assertEqual(page.input_value("#entry-title"), family * 15)
        page.fill("#entry-body", "고친 본문")
        page.locator("form.editor button[type=submit]").click()
        self.shows(page, "feed")
        page.locator("article.entry", has_text="고친 본문").wait_for()
        self.assertEqual(page.locator("article.entry", has_text="한글 본문").count(), 0)

    def test_the_editor_attaches_photos_in_order_and_deletes_an_entry_after_asking(self):
        photo, video = self.photo["id"], self.video["id"]
        entry = self.diary.rpc("diary.create", {"title": "Sunny day", "body": "Sun.", "petId": self.pet["id"]})
        page = self.open()
        self.go(page, f"#/edit/{entry['id']}", "edit")
        media = page.locator("fieldset.media")
        media.locator("button[aria-expanded]").click()
        media.locator(f".picker button[data-photo-id='{photo}']").click()
        media.locator(f".picker button[data-photo-id='{video}']").click()
        self.assertEqual(media.locator(f".picker button[data-photo-id='{photo}']").get_attribute("aria-pressed"),
                         "true")
        attached = media.locator(".attached li")
        self.assertEqual([attached.nth(i).get_attribute("data-photo-id") for i in range(2)], [photo, video])
        # The clip goes first, by keyboard.
        attached.nth(1).get_by_role("button", name="Move earlier").focus()
        page.keyboard.press("Enter")
        self.assertEqual([attached.nth(i).get_attribute("data-photo-id") for i in range(2)], [video, photo])
        page.locator("form.editor button[type=submit]").click()
        self.shows(page, "feed")
        self.assertEqual(self.diary.rpc("diary.get", {"id": entry["id"]})["photoIds"], [video, photo])
        card = page.locator(f"article[data-entry-id='{entry['id']}']")
        card.locator(f".tile[data-photo-id='{video}'] .badge").wait_for()
        self.assertEqual(card.locator(".tile").first.get_attribute("data-photo-id"), video)

        # The photo is taken off again.
        self.go(page, f"#/edit/{entry['id']}", "edit")
        media.locator(f".attached li[data-photo-id='{photo}']").get_by_role("button", name="Take off").click()
        page.locator("form.editor button[type=submit]").click()
        self.shows(page, "feed")
        self.assertEqual(self.diary.rpc("diary.get", {"id": entry["id"]})["photoIds"], [video])

        # Deleting asks first; "Keep it" keeps it.
        self.go(page, f"#/edit/{entry['id']}", "edit")
        page.get_by_role("button", name="Delete this entry").click()
        question = page.locator(".danger-zone .confirm")
        self.assertIn("Delete this entry?", question.text_content())
        question.get_by_role("button", name="Keep it").click()
        self.assertTrue(question.is_hidden())
        self.assertEqual(self.diary.rpc("diary.get", {"id": entry["id"]})["title"], "Sunny day")
        page.get_by_role("button", name="Delete this entry").click()
        question.get_by_role("button", name="Yes, delete").click()
        self.shows(page, "feed")
        self.assertEqual(page.locator(f"article[data-entry-id='{entry['id']}']").count(), 0)
        with self.assertRaises(RuntimeError) as refusal:
            self.diary.rpc("diary.get", {"id": entry["id"]})
        self.assertEqual(refusal.exception.args[0]["code"], -32001)
        # Its photos stay in their album.
        self.assertEqual(self.diary.rpc("photos.get", {"id": photo})["id"], photo)

    def test_the_feed_lists_in_the_diarys_order(self):
        made = [self.diary.rpc("diary.create", {"title": "Long ago", "body": "Then.", "date": "2001-01-01"})["id"]]
        self.diary.rpc("settings.set", {"defaultOrder": "oldest"})
        try:
            page = self.open()
            page.locator("ol.feed article.entry").first.wait_for()
            self.assertEqual(page.locator("ol.feed article.entry").first.get_attribute("data-entry-id"), made[0])
            # One written elsewhere on an older day takes its place at the top.
            made.append(self.diary.rpc("diary.create", {"title": "Longer ago", "body": "Before.", "date": "2000-01-01"})["id"])
            page.locator(f"ol.feed > li:first-child article[data-entry-id='{made[1]}']").wait_for()
        finally:
            self.diary.rpc("settings.set", {"defaultOrder": "newest"})
            for entry in made:
                self.diary.rpc("diary.delete", {"id": entry})

    def test_search_finds_as_you_type_and_marks_the_match_as_text(self):
        self.diary.rpc("diary.create", {"title": "Pond", "body": "Swam in the <b>pond</b> at dusk"})
        page = self.open()
        self.go(page, "#/search", "search")
        page.locator("#search-box").press_sequentially("pon", delay=50)
        hit = page.locator("article.hit", has_text="Pond")
        hit.wait_for()
        self.assertGreaterEqual(hit.locator("mark").count(), 1)
        self.assertIn("<b>pond</b>", hit.locator(".snippet").text_content())
        self.assertEqual(hit.locator(".snippet b").count(), 0)
        page.wait_for_function("() => location.hash === '#/search/pon'")
        page.locator("#search-box").fill("zzzz-nothing")
        page.wait_for_function("() => document.getElementById('search-count').textContent.length > 0")
        self.assertEqual(page.locator("article.hit").count(), 0)

    def test_the_screens_are_reached_by_keyboard(self):
        page = self.open()
        page.keyboard.press("Tab")
        self.assertEqual(page.evaluate("() => document.activeElement.className"), "skip")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        self.assertEqual(page.evaluate("() => document.activeElement.dataset.screen"), "calendar")
        page.keyboard.press("Enter")
        self.shows(page, "calendar")

    def test_the_settings_are_saved_from_the_keyboard(self):
        page = self.open()
        self.go(page, "#/settings", "settings")
        page.locator("#settings-soundDevice").focus()
        page.keyboard.press("Control+A")
        page.keyboard.type("plughw:2,0")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.getElementById('status').textContent === 'Saved.'")
        self.assertEqual(self.diary.call("settings.get")["soundDevice"], "plughw:2,0")
        self.diary.call("settings.set", {"soundDevice": "default"})

    def test_the_new_screens_are_linked_from_the_nav(self):
        page = self.open(locale="ko-KR")
        for screen, label in (("camera", "카메라"), ("pets", "반려동물"), ("settings", "설정")):
            link = page.locator(f"nav a[data-screen='{screen}']")
            self.assertEqual(link.text_content(), label)
            link.focus()
            page.keyboard.press("Enter")
            self.shows(page, screen)
            self.assertEqual(link.get_attribute("aria-current"), "page")

    def test_korean_readers_get_korean(self):
        page = self.open(locale="ko-KR")
        self.assertEqual(page.evaluate("() => document.documentElement.lang"), "ko")
        self.assertEqual(page.locator("nav a[data-screen='calendar']").text_content(), "달력")
        # A card's day as Intl.DateTimeFormat writes it in Korean ("2026년 11월 29일 일").
        day = page.locator(f"article[data-entry-id='{self.entry['id']}'] time")
        day.wait_for()
        intl = page.evaluate(
            """(day) => new Intl.DateTimeFormat("ko", {year: "numeric", month: "long", day: "numeric",
                weekday: "short", timeZone: "UTC"}).format(new Date(day + "T00:00:00Z"))""",
            day.get_attribute("datetime"))
        self.assertEqual(day.text_content(), intl)


class CoreDownTests(PageTestCase):
    def test_the_page_says_the_diary_is_not_running_and_recovers_when_it_is_back(self):
        self.expect_console_errors = True  # the browser logs the 503s it gets while the core is down
        self.diary.rpc("diary.create", {"title": "Before restart", "body": ""})
        page = self.open(locale="ko-KR")
        page.get_by_text("Before restart").wait_for()
        self.diary.stop_core()
        self.go(page, "#/calendar", "loading")
        page.wait_for_selector("html[data-core='down']", state="attached")
        self.assertIn("일기가 실행 중이 아닙니다", page.locator("#status").text_content())
        self.diary.start_core()
        page.wait_for_selector("html[data-core='up']", state="attached")
        self.shows(page, "calendar")
        self.assertEqual(page.locator("#status").text_content(), "")
        page.wait_for_selector("html[data-events='open']", state="attached")
        self.diary.toolkit("diary", "add", "--title", "After restart", "")
        self.go(page, "#/feed", "feed")
        page.get_by_text("After restart").wait_for()


if __name__ == "__main__":
    unittest.main()
