// One diary entry as the feed and a day show it: its date, title, pet, body and photos and videos.

import { call } from "./api.js";
import { h } from "./dom.js";
import { complete, tile } from "./media.js";
import { report } from "./report.js";
import { language, t } from "./strings.js";

const photoCache = new Map();

/** The photo record of `id`, asked for once; null when it is gone. */
async function photoRecord(id) {
  if (!photoCache.has(id)) {
    try {
      photoCache.set(id, await call("photos.get", { id }));
    } catch (error) {
      if (error.code === -32001) return null;
      throw error;
    }
  }
  return photoCache.get(id);
}

/** Forgets a photo's record (it changed or was deleted). */
export function forgetPhoto(id) {
  photoCache.delete(id);
}

/** A day (YYYY-MM-DD) as the reader writes dates, e.g. "29 November 2026" or "2026년 11월 29일". */
export function longDay(day, options = { year: "numeric", month: "long", day: "numeric", weekday: "short" }) {
  const [year, month, date] = day.split("-").map(Number);
  return new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/**
 * An `<article>` for an entry; `pets` maps pet ids to names. Its photos' thumbnails are asked for at once, by id;
 * each tile is completed when its record comes (the calls of all the cards made in one turn go in one request),
 * and one whose photo is gone leaves.
 */
export function entryCard(entry, pets) {
  const pet = entry.petId ? pets.get(entry.petId) : null;
  const tiles = (entry.photoIds ?? []).map((id) => {
    const link = tile({ id });
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
