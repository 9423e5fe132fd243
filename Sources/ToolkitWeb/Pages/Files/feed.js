// The feed: diary entries in the diary's order (newest first unless its settings say oldest) with their photos
// and videos, filtered by pet, a page at a time as the reader scrolls. Entries made or changed elsewhere (the CLI,
// another tab) come in through the events.

import { call } from "./api.js";
import { h, say } from "./dom.js";
import { entryCard, forgetPhoto } from "./entry.js";
import { on } from "./events.js";
import { pager } from "./pager.js";
import { allPets } from "./pets.js";
import { report } from "./report.js";
import { t } from "./strings.js";

/** How many cards the first screen shows at most (a tall phone, a wide window with short entries). */
const firstScreenCards = 4;

/** Where an entry sorts: by date, then by when it was made (the newer compares greater). */
function key(entry) {
  return `${entry.date}|${entry.createdAt}|${entry.id}`;
}

/** Shows the feed in `view`; `petId` (from `#/feed/ID`) narrows it to one pet. Answers its cleanup. */
export async function show(view, petId) {
  // Without an order, the core lists in the diary's own (settings' defaultOrder).
  const page = (cursor) => call("diary.list", { petId: petId ?? undefined, limit: 20, cursor: cursor ?? undefined });
  // The first page is asked for with the pets and the settings, in the same request; the pager takes it once.
  let firstPage = page(null);
  firstPage.catch(() => {});
  const [petList, settings] = await Promise.all([allPets(), call("settings.get")]);
  const newestFirst = settings.defaultOrder !== "oldest";
  const pets = new Map(petList.map((pet) => [pet.id, pet.name]));
  const keys = new Map();
  const filter = h(
    "select",
    {
      id: "pet-filter",
      onchange: (event) => {
        location.hash = event.target.value ? `#/feed/${encodeURIComponent(event.target.value)}` : "#/feed";
      },
    },
    h("option", { value: "" }, t("allPets")),
    petList.map((pet) => h("option", { value: pet.id, selected: pet.id === petId }, pet.name)),
  );
  const list = h("ol", { class: "feed", "aria-label": t("feed") });
  const empty = h("p", { class: "empty", hidden: true }, t("noEntries"));

  function item(entry, card) {
    keys.set(entry.id, key(entry));
    return h("li", { "data-entry-id": entry.id }, card);
  }

  // The first page's first cards fill the first screen: their thumbnails load at once, the rest as they near it.
  let eagerCards = firstScreenCards;
  const paging = pager(
    list,
    (cursor) => {
      if (cursor || !firstPage) return page(cursor);
      const prefetched = firstPage;
      firstPage = null;
      return prefetched;
    },
    (items) =>
      items
        .filter((entry) => !keys.has(entry.id))
        .map((entry) => item(entry, entryCard(entry, pets, { eager: eagerCards-- > 0 }))),
    report,
  );

  view.append(
    h("div", { class: "toolbar" }, h("label", { for: "pet-filter" }, t("petFilter")), filter),
    empty,
    list,
    paging.footer,
  );
  await paging.first();
  empty.hidden = list.childElementCount > 0;
  say("");

  /** Puts an entry where it sorts among those loaded; one past the last loaded comes with its page. */
  async function place(entry) {
    if (petId && entry.petId !== petId) return remove(entry.id);
    const card = entryCard(entry, pets);
    const existing = list.querySelector(`li[data-entry-id="${CSS.escape(entry.id)}"]`);
    if (existing) existing.remove();
    keys.delete(entry.id);
    const entryKey = key(entry);
    const after = [...list.children].find((node) =>
      newestFirst ? keys.get(node.dataset.entryId) < entryKey : keys.get(node.dataset.entryId) > entryKey,
    );
    if (after) list.insertBefore(item(entry, card), after);
    else if (paging.done()) list.append(item(entry, card));
    empty.hidden = list.childElementCount > 0;
  }

  function remove(id) {
    list.querySelector(`li[data-entry-id="${CSS.escape(id)}"]`)?.remove();
    keys.delete(id);
    empty.hidden = list.childElementCount > 0;
  }

  const quiet = (promise) => promise.catch(report);
  const stops = [
    on("entry.created", (entry) => quiet(place(entry))),
    on("entry.updated", (entry) => quiet(place(entry))),
    on("entry.deleted", (record) => remove(record.id)),
    on("photo.updated", (photo) => forgetPhoto(photo.id)),
    on("photo.deleted", (record) => {
      forgetPhoto(record.id);
      for (const node of list.querySelectorAll(`[data-photo-id="${CSS.escape(record.id)}"]`)) node.remove();
    }),
  ];
  return () => {
    paging.stop();
    for (const stop of stops) stop();
  };
}
