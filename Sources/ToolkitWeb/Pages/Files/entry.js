// One diary entry as the feed and a day show it: its date, title, pet, body and photos and videos.

import { call } from "./api.js";
import { h } from "./dom.js";
import { tile } from "./media.js";
import { language, t } from "./strings.js";

const photoCache = new Map();

/** The photo records of `ids` (asked for once each; one that is gone is left out). */
export async function photos(ids) {
  const records = await Promise.all(
    ids.map(async (id) => {
      if (!photoCache.has(id)) {
        try {
          photoCache.set(id, await call("photos.get", { id }));
        } catch (error) {
          if (error.code === -32001) return null;
          throw error;
        }
      }
      return photoCache.get(id);
    }),
  );
  return records.filter(Boolean);
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

/** An `<article>` for an entry; `pets` maps pet ids to names. */
export async function entryCard(entry, pets) {
  const media = await photos(entry.photoIds ?? []);
  const pet = entry.petId ? pets.get(entry.petId) : null;
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
    media.length ? h("div", { class: "tiles" }, media.map(tile)) : null,
  );
}
