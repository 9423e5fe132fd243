// The entry editor: a new entry (#/new) or one to change (#/edit/ID). Title and body show how many characters
// they have against the diary's limits, counted as the core counts them, and Save waits until both fit. An entry
// being changed shows its voice notes under the form (notes.js).

import { call, RPCError } from "./api.js";
import { h, say } from "./dom.js";
import { today } from "./calendar.js";
import { allPets } from "./pets.js";
import { voiceNotes } from "./notes.js";
import { report } from "./report.js";
import { t } from "./strings.js";
import { characters, trimmed } from "./text.js";

/** Shows the editor for the entry `id`, or for a new entry without one. Answers its cleanup. */
export async function show(view, id) {
  const [settings, pets, entry] = await Promise.all([
    call("settings.get"),
    allPets(),
    id ? call("diary.get", { id }) : null,
  ]);
  const title = h("input", { id: "entry-title", type: "text", autocomplete: "off", required: true });
  title.value = entry?.title ?? "";
  const body = h("textarea", { id: "entry-body", rows: 8 });
  body.value = entry?.body ?? "";
  const date = h("input", { id: "entry-date", type: "date", required: true });
  date.value = entry?.date ?? today();
  const pet = h(
    "select",
    { id: "entry-pet" },
    h("option", { value: "" }, t("noPet")),
    pets.map((each) => h("option", { value: each.id, selected: each.id === entry?.petId }, each.name)),
  );
  const favorite = h("input", { id: "entry-favorite", type: "checkbox", checked: entry?.favorite ?? false });
  const titleCount = h("span", { class: "counter", id: "title-count", "aria-live": "polite" });
  const bodyCount = h("span", { class: "counter", id: "body-count", "aria-live": "polite" });
  const save = h("button", { type: "submit", class: "primary" }, t("save"));

  function check() {
    const titleLength = characters(trimmed(title.value));
    const bodyLength = characters(body.value);
    titleCount.textContent = `${titleLength}/${settings.titleLimit}`;
    bodyCount.textContent = `${bodyLength}/${settings.bodyLimit}`;
    titleCount.classList.toggle("over", titleLength > settings.titleLimit);
    bodyCount.classList.toggle("over", bodyLength > settings.bodyLimit);
    save.disabled = titleLength === 0 || titleLength > settings.titleLimit || bodyLength > settings.bodyLimit;
  }
  title.addEventListener("input", check);
  body.addEventListener("input", check);
  check();

  async function submit() {
    const fields = {
      title: title.value,
      body: body.value,
      date: date.value,
      favorite: favorite.checked,
    };
    if (entry) {
      fields.petId = pet.value;
      await call("diary.update", { id: entry.id, ...fields });
    } else {
      if (pet.value) fields.petId = pet.value;
      await call("diary.create", fields);
    }
    say(t("saved"));
    location.hash = "#/feed";
  }

  view.append(
    h("div", { class: "toolbar" }, h("h2", {}, entry ? t("editEntry") : t("newEntry"))),
    h(
      "form",
      {
        class: "editor",
        onsubmit: (event) => {
          event.preventDefault();
          save.disabled = true;
          submit().catch((error) => {
            check();
            if (error instanceof RPCError) say(error.message, "error");
            else report(error);
          });
        },
      },
      h("div", { class: "field" }, h("label", { for: "entry-title" }, t("entryTitle")), titleCount, title),
      h("div", { class: "field" }, h("label", { for: "entry-body" }, t("entryBody")), bodyCount, body),
      h(
        "div",
        { class: "row" },
        h("div", { class: "field" }, h("label", { for: "entry-date" }, t("entryDate")), date),
        h("div", { class: "field" }, h("label", { for: "entry-pet" }, t("petFilter")), pet),
        h("div", { class: "check" }, favorite, h("label", { for: "entry-favorite" }, t("favorite"))),
      ),
      h("div", { class: "actions" }, save, h("a", { class: "button", href: "#/feed" }, t("cancel"))),
    ),
  );
  const notes = entry ? voiceNotes(entry) : null;
  if (notes) view.append(notes.element);
  say("");
  title.focus();
  return notes?.cleanup;
}
