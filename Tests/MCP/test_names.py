"""Tools take a pet by its name and an album by its title where they take its id, as the CLI does; a name that
several share is refused with the candidates and what tells them apart, and changes nothing."""
import unittest

from harness import CoreTestCase, bridge, structured


class NameTests(CoreTestCase):
    with_plugin = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.bori = cls.core.call("pets.create", {"name": "보리", "species": "dog"})
        cls.dubu = cls.core.call("pets.create", {"name": "두부", "species": "cat"})
        cls.bori_walks = cls.core.call("albums.create", {"title": "Walks", "petId": cls.bori["id"]})
        cls.dubu_walks = cls.core.call("albums.create", {"title": "Walks", "petId": cls.dubu["id"]})
        cls.core.call("albums.create", {"title": "Vet", "petId": cls.dubu["id"]})
        # Two pets of one name, which only their ids tell apart.
        cls.nabi_cat = cls.core.call("pets.create", {"name": "Nabi", "species": "cat"})
        cls.nabi_dog = cls.core.call("pets.create", {"name": "Nabi", "species": "dog"})

    def albums(self):
        return self.core.call("albums.list", {"limit": 500})["items"]

    async def test_a_pet_is_taken_by_its_name_where_its_id_goes(self):
        async with bridge(self.core) as session:
            entry = structured(await session.call_tool(
                "diary_create", {"title": "Nap", "body": "Slept.", "date": "2026-03-02", "petId": "보리"}))
            albums = structured(await session.call_tool("albums_list", {"petId": "두부"}))
            pet = structured(await session.call_tool("pets_get", {"id": "두부"}))
        self.assertEqual(entry["petId"], self.bori["id"])
        self.assertEqual(sorted(album["title"] for album in albums["items"]), ["Vet", "Walks"])
        self.assertEqual(pet["id"], self.dubu["id"])

    async def test_an_album_is_taken_by_its_title_among_its_pets_albums(self):
        async with bridge(self.core) as session:
            album = structured(await session.call_tool("albums_get", {"id": "Vet"}))
            photos = structured(await session.call_tool("photos_list", {"petId": "보리", "albumId": "Walks"}))
        self.assertEqual(album["petId"], self.dubu["id"])
        self.assertEqual(photos["items"], [])

    async def test_an_album_title_two_pets_share_is_refused_with_each_albums_pet_and_counts(self):
        before = self.albums()
        async with bridge(self.core) as session:
            result = await session.call_tool("albums_rename", {"id": "Walks", "title": "Strolls"})
        self.assertTrue(result.is_error)
        text = result.content[0].text
        self.assertIn("2 albums are titled 'Walks'", text)
        self.assertIn(f"{self.bori_walks['id']} (보리's album, no photos or videos)", text)
        self.assertIn(f"{self.dubu_walks['id']} (두부's album, no photos or videos)", text)
        self.assertIn("petId", text)
        self.assertEqual(self.albums(), before)

    async def test_a_pet_name_two_pets_share_is_refused_with_both(self):
        async with bridge(self.core) as session:
            result = await session.call_tool("albums_create", {"title": "Naps", "petId": "Nabi"})
        self.assertTrue(result.is_error)
        text = result.content[0].text
        self.assertIn("2 pets are named 'Nabi'", text)
        self.assertIn(f"{self.nabi_cat['id']} (cat, added ", text)
        self.assertIn(f"{self.nabi_dog['id']} (dog, added ", text)
        self.assertNotIn("Naps", [album["title"] for album in self.albums()])

    async def test_a_name_no_pet_has_is_refused_naming_the_list_tool(self):
        async with bridge(self.core) as session:
            result = await session.call_tool("albums_create", {"title": "Naps", "petId": "Kkami"})
        self.assertTrue(result.is_error)
        self.assertIn("No pet is named 'Kkami'", result.content[0].text)
        self.assertIn("pets_list", result.content[0].text)
        self.assertNotIn("Naps", [album["title"] for album in self.albums()])

    async def test_the_input_schemas_say_which_params_take_a_name(self):
        async with bridge(self.core) as session:
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        self.assertIn("or its name", tools["diary_create"].input_schema["properties"]["petId"]["description"])
        self.assertIn("or its title", tools["photos_import"].input_schema["properties"]["albumId"]["description"])
        self.assertIn("or its name", tools["pets_get"].input_schema["properties"]["id"]["description"])
        self.assertNotIn("name", tools["diary_get"].input_schema["properties"]["id"]["description"])


if __name__ == "__main__":
    unittest.main()
