// The entry editor: a new entry (#/new) or one to change (#/edit/ID). Title and body show how many characters
// they have against the diary's limits, counted as the core counts them, and Save waits until both fit. Photos
// and videos already in the diary are attached from a picker and put in order. An entry being changed can be
// deleted (after a question) and shows its voice notes under the form (notes.js).

import { call, RPCError } from "./api.js";
import { askFirst, h, say } from "./dom.js";
import { today } from "./calendar.js";
import { thumbnail } from "./media.js";
import { pager } from "./pager.js";
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

  const media = attachedMedia(entry?.photoIds ?? [], () => pet.value);

  async function submit() {
    const fields = {
      title: title.value,
      body: body.value,
      date: date.value,
      favorite: favorite.checked,
      photoIds: media.ids(),
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
      media.element,
      h("div", { class: "actions" }, save, h("a", { class: "button", href: "#/feed" }, t("cancel"))),
    ),
  );
  if (entry) view.append(deletion(entry));
  const notes = entry ? voiceNotes({ entry: entry.id }, entry.title) : null;
  if (notes) view.append(notes.element);
  say("");
  title.focus();
  return notes?.cleanup;
}

/**
 * The photos and videos attached to an entry, in order: each can move earlier or later or be taken off, and a
 * picker lists the diary's photos and videos (the chosen pet's, by `petId()`) to add. Answers
 * `{element, ids()}`.
 */
function attachedMedia(initial, petId) {
  const ids = [...initial];
  const list = h("ul", { class: "attached", "aria-label": t("attached") });
  const none = h("p", { class: "empty" }, t("noneAttached"));
  const picker = h("div", { class: "picker", hidden: true });
  const add = h("button", { type: "button", "aria-expanded": "false" }, t("attach"));

  function draw() {
    list.replaceChildren(
      ...ids.map((id, index) =>
        h(
          "li",
          { "data-photo-id": id },
          thumbnail({ id }, { sizes: "120px", size: 160 }),
          h(
            "div",
            { class: "actions" },
            h(
              "button",
              { type: "button", "aria-label": t("earlier"), disabled: index === 0, onclick: () => move(index, -1) },
              "◀",
            ),
            h(
              "button",
              {
                type: "button",
                "aria-label": t("later"),
                disabled: index === ids.length - 1,
                onclick: () => move(index, 1),
              },
              "▶",
            ),
            h("button", { type: "button", class: "delete", onclick: () => take(index) }, t("detach")),
          ),
        ),
      ),
    );
    none.hidden = ids.length > 0;
    for (const choice of picker.querySelectorAll("button[data-photo-id]")) {
      choice.setAttribute("aria-pressed", String(ids.includes(choice.dataset.photoId)));
    }
  }

  function move(index, step) {
    [ids[index], ids[index + step]] = [ids[index + step], ids[index]];
    draw();
    list.children[index + step]?.querySelector(step < 0 ? "button" : "button:nth-child(2)")?.focus();
  }

  function take(index) {
    ids.splice(index, 1);
    draw();
  }

  let paging = null;
  add.addEventListener("click", () => {
    const opening = picker.hidden;
    picker.hidden = !opening;
    add.setAttribute("aria-expanded", String(opening));
    paging?.stop();
    paging = null;
    if (!opening) return;
    const grid = h("div", { class: "tiles" });
    paging = pager(
      grid,
      (cursor) => call("photos.list", { petId: petId() || undefined, limit: 30, cursor: cursor ?? undefined }),
      (photos) =>
        photos.map((photo) =>
          h(
            "button",
            {
              type: "button",
              class: "tile",
              "data-photo-id": photo.id,
              "aria-pressed": String(ids.includes(photo.id)),
              onclick: () => {
                const index = ids.indexOf(photo.id);
                if (index >= 0) ids.splice(index, 1);
                else ids.push(photo.id);
                draw();
              },
            },
            thumbnail(photo, { sizes: "120px", size: 160 }),
          ),
        ),
      report,
    );
    picker.replaceChildren(h("p", {}, t("pickMedia")), grid, paging.footer);
    paging.first().catch(report);
  });

  draw();
  return {
    element: h(
      "fieldset",
      { class: "media" },
      h("legend", {}, t("attachedMedia")),
      none,
      list,
      add,
      picker,
    ),
    ids: () => [...ids],
  };
}

/** *Delete this entry*, which asks first, then deletes it (its photos stay in their albums) and goes to the feed. */
function deletion(entry) {
  const remove = h("button", { type: "button", class: "delete" }, t("deleteEntry"));
  const confirm = askFirst(remove, t("deleteEntryQuestion"), async (yes) => {
    yes.disabled = true;
    try {
      await call("diary.delete", { id: entry.id });
      say(t("entryDeleted"));
      location.hash = "#/feed";
    } catch (error) {
      yes.disabled = false;
      if (error instanceof RPCError) say(error.message, "error");
      else report(error);
    }
  });
  return h("section", { class: "danger-zone" }, remove, confirm);
}
