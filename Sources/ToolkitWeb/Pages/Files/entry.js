// One diary entry as the feed and a day show it: its date, title, pet, body and photos and videos.

import { call } from "./api.js";
import { h } from "./dom.js";
import { complete, tile } from "./media.js";
import { report } from "./report.js";
import { t } from "./strings.js";

/** Photo records by id, each a promise: cards showing the same photo share one `photos.get`. */
const photoCache = new Map();

/** The photo record of `id`, asked for once; null when it is gone. */
function photoRecord(id) {
  if (!photoCache.has(id)) {
    const record = call("photos.get", { id }).catch((error) => {
      photoCache.delete(id);
      if (error.code === -32001) return null;
      throw error;
    });
    photoCache.set(id, record);
  }
  return photoCache.get(id);
}

/** Forgets a photo's record (it changed or was deleted). */
export function forgetPhoto(id) {
  photoCache.delete(id);
}

/**
 * A day (YYYY-MM-DD) as the reader writes dates: "Sun, November 29, 2026" or "2026년 11월 29일 일", what
 * `Intl.DateTimeFormat` writes for the two languages. Written from the strings, not by Intl: a page's first
 * `Intl.DateTimeFormat` loads the browser's locale and zone data, tens of milliseconds before the feed could paint.
 */
export function longDay(day) {
  const [year, month, date] = day.split("-").map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return t("longDay", { weekday: t("weekdays")[weekday], month: t("months")[month - 1], day: date, year });
}

/**
 * An `<article>` for an entry; `pets` maps pet ids to names. Its photos' thumbnails are asked for at once, by id;
 * each tile is completed when its record comes (the calls of all the cards made in one turn go in one request),
 * and one whose photo is gone leaves. `eager` loads its thumbnails at once (a card of the first screen).
 */
export function entryCard(entry, pets, { eager = false } = {}) {
  const pet = entry.petId ? pets.get(entry.petId) : null;
  const tiles = (entry.photoIds ?? []).map((id) => {
    const link = tile({ id }, { eager });
    photoRecord(id).then(
      (photo) => (photo ? complete(link, photo) : link.remove()),
      (error) => report(error),
    );
    return link;
  });
  return h(
    "article",
    { class: "entry", "data-entry-id": entry.id },
    h(
      "header",
      {},
      h("time", { datetime: entry.date }, longDay(entry.date)),
      pet ? h("span", { class: "pet" }, pet) : null,
      entry.favorite ? h("span", { class: "star", title: t("favorite") }, "★") : null,
      h(
        "a",
        { class: "edit", href: `#/edit/${encodeURIComponent(entry.id)}`, "aria-label": `${t("edit")}: ${entry.title}` },
        t("edit"),
      ),
    ),
    h("h2", {}, entry.title),
    entry.body ? h("p", { class: "body" }, entry.body) : null,
    tiles.length ? h("div", { class: "tiles" }, tiles) : null,
  );
}
