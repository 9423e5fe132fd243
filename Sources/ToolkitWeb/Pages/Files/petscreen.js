// The pets (#/pets): each pet's name and shutter sound, changed in place; a new pet added; any sound played in
// the browser; a link to the sounds (#/sounds) to add, rename and delete them.

import { call, RPCError } from "./api.js";
import { append, h, say } from "./dom.js";
import { on } from "./events.js";
import { allPets } from "./pets.js";
import { report } from "./report.js";
import { allSounds, fallbackShutterSound, playSound } from "./sounds.js";
import { t } from "./strings.js";

/** What a sound is called in a picker. */
export function soundName(sound) {
  return sound.kind === "builtin" ? t("builtinSound", { title: sound.title }) : sound.title;
}

/** A picker of the sounds, "the diary's default" ("") first, with `selected` chosen. */
export function soundPicker(id, sounds, selected) {
  return h(
    "select",
    { id },
    h("option", { value: "" }, t("defaultSound")),
    sounds.map((sound) => h("option", { value: sound.id, selected: sound.id === selected }, soundName(sound))),
  );
}

/** A button that plays the sound `picker` names (the diary's default for ""). */
export function playButton(picker, fallback, label) {
  return h(
    "button",
    {
      type: "button",
      class: "play",
      "aria-label": label,
      onclick: (event) => {
        const button = event.currentTarget;
        const id = picker.value || fallback;
        button.disabled = true;
        playSound(id)
          .then(() => (button.dataset.played = id))
          .catch((error) => say(t("failed", { message: error.message }), "error"))
          .finally(() => (button.disabled = false));
      },
    },
    `▶ ${t("play")}`,
  );
}

/** Runs `action` for a form's submit, showing the core's own message when it refuses. */
function submitting(action) {
  return (event) => {
    event.preventDefault();
    const button = event.currentTarget.querySelector("button[type=submit]");
    button.disabled = true;
    action()
      .catch((error) => {
        if (error instanceof RPCError) say(error.message, "error");
        else report(error);
      })
      .finally(() => (button.disabled = false));
  };
}

/** Shows the pets in `view`. Answers its cleanup. */
export async function show(view) {
  const [settings, pets, sounds] = await Promise.all([call("settings.get"), allPets(), allSounds()]);
  const fallback = settings.shutterSoundId || fallbackShutterSound;

  function petForm(pet) {
    const name = h("input", { id: `pet-name-${pet.id}`, type: "text", autocomplete: "off", required: true });
    name.value = pet.name;
    const sound = soundPicker(`pet-sound-${pet.id}`, sounds, pet.shutterSoundId);
    return h(
      "li",
      {},
      h(
        "form",
        {
          class: "pet-form",
          "data-pet-id": pet.id,
          onsubmit: submitting(async () => {
            await call("pets.update", { id: pet.id, name: name.value, shutterSoundId: sound.value });
            say(t("saved"));
          }),
        },
        h("div", { class: "field" }, h("label", { for: name.id }, t("petName")), name),
        h(
          "div",
          { class: "field" },
          h("label", { for: sound.id }, t("shutterSound")),
          h("div", { class: "row" }, sound, playButton(sound, fallback, t("playSound", { title: pet.name }))),
        ),
        h(
          "div",
          { class: "actions" },
          h("button", { type: "submit" }, t("save")),
          h("a", { class: "button", href: `#/camera/${encodeURIComponent(pet.id)}` }, t("camera")),
        ),
      ),
    );
  }

  const newName = h("input", { id: "new-pet-name", type: "text", autocomplete: "off", required: true });
  const newSpecies = h("input", { id: "new-pet-species", type: "text", autocomplete: "off" });
  const newSound = soundPicker("new-pet-sound", sounds, null);
  const list = h("ul", { class: "pets" }, pets.map(petForm));
  append(view, [
    h(
      "div",
      { class: "toolbar" },
      h("h2", {}, t("pets")),
      h("a", { class: "button", href: "#/sounds", id: "to-sounds" }, t("sounds")),
    ),
    pets.length ? null : h("p", { class: "empty" }, t("noPets")),
    list,
    h(
      "form",
      {
        class: "pet-form new-pet",
        onsubmit: submitting(async () => {
          const fields = { name: newName.value };
          if (newSpecies.value.trim()) fields.species = newSpecies.value.trim();
          if (newSound.value) fields.shutterSoundId = newSound.value;
          await call("pets.create", fields);
          say(t("saved"));
        }),
      },
      h("h3", {}, t("newPet")),
      h("div", { class: "field" }, h("label", { for: "new-pet-name" }, t("petName")), newName),
      h("div", { class: "field" }, h("label", { for: "new-pet-species" }, t("species")), newSpecies),
      h(
        "div",
        { class: "field" },
        h("label", { for: "new-pet-sound" }, t("shutterSound")),
        h("div", { class: "row" }, newSound, playButton(newSound, fallback, t("playSound", { title: t("newPet") }))),
      ),
      h("div", { class: "actions" }, h("button", { type: "submit", class: "primary" }, t("addPet"))),
    ),
  ]);
  say("");

  // A pet added or removed anywhere (this form included) redraws the list; one being changed keeps its form.
  let next = null;
  const stops = ["pet.created", "pet.deleted"].map((topic) =>
    on(topic, () => {
      if (!view.isConnected) return;
      for (const stop of stops) stop();
      const status = document.getElementById("status").textContent;
      view.replaceChildren();
      show(view).then((cleanup) => {
        next = cleanup;
        if (status) say(status);
      }, report);
    }),
  );
  return () => {
    for (const stop of stops) stop();
    next?.();
  };
}
