// The calendar: a month's days marked for entries, photos and videos (diary.calendar), and a day's entries
// and clips in the order they happened.

import { call } from "./api.js";
import { append, h, say } from "./dom.js";
import { entryCard, longDay } from "./entry.js";
import { on } from "./events.js";
import { tile } from "./media.js";
import { allPets } from "./pets.js";
import { report } from "./report.js";
import { language, t } from "./strings.js";

/** The diary's time zone (system.info's timeZone), in which the core cuts days; the device's until known. */
let diaryZone;
/** The format that reads today's date in `diaryZone`, made when first needed. */
let todayFormat = null;

/**
 * Takes the diary's zone. Only kept here: the first format in a zone loads the browser's zone data, tens of
 * milliseconds that the feed, which needs no "today", should not wait for.
 */
export function setDiaryZone(zone) {
  diaryZone = zone;
  todayFormat = null;
}

/** Today in the diary's time zone, as YYYY-MM-DD. */
export function today() {
  if (!todayFormat) {
    const options = { year: "numeric", month: "2-digit", day: "2-digit" };
    try {
      todayFormat = new Intl.DateTimeFormat("en", { ...options, timeZone: diaryZone });
    } catch {
      todayFormat = new Intl.DateTimeFormat("en", options); // A zone this browser does not know: the device's.
    }
  }
  const parts = todayFormat.formatToParts(new Date());
  const part = (type) => parts.find((each) => each.type === type).value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

function pad(number) {
  return String(number).padStart(2, "0");
}

/** "2026-11" plus `delta` months. */
function shifted(year, month, delta) {
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** Shows the month `yearMonth` (YYYY-MM; this month when absent) in `view`. Answers its cleanup. */
export async function show(view, yearMonth) {
  const current = today();
  const [year, month] = (/^\d{4}-\d{2}$/.test(yearMonth ?? "") ? yearMonth : current.slice(0, 7))
    .split("-")
    .map(Number);
  const calendar = await call("diary.calendar", { year, month });
  const days = new Map(calendar.days.map((day) => [day.date, day]));
  const title = new Intl.DateTimeFormat(language, { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  const grid = h("ol", { class: "month", "aria-label": title });
  const weekdays = t("weekdays");
  for (const name of weekdays) grid.append(h("li", { class: "weekday", "aria-hidden": "true" }, name));
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let blank = 0; blank < first; blank++) grid.append(h("li", { class: "blank", "aria-hidden": "true" }));
  for (let date = 1; date <= length; date++) {
    const day = `${year}-${pad(month)}-${pad(date)}`;
    const counts = days.get(day) ?? { entries: 0, photos: 0, videos: 0 };
    const stills = Math.max(0, counts.photos - (counts.videos ?? 0));
    const marks = [];
    if (counts.entries) marks.push(["entries", t("dayEntries", { count: counts.entries })]);
    if (stills) marks.push(["photos", t("dayPhotos", { count: stills })]);
    if (counts.videos) marks.push(["videos", t("dayVideos", { count: counts.videos })]);
    const label = [longDay(day), day === current ? t("today") : null, ...marks.map(([, text]) => text)]
      .filter(Boolean)
      .join(", ");
    grid.append(
      h(
        "li",
        { class: marks.length ? "day marked" : "day", "data-day": day },
        h(
          "a",
          { href: `#/day/${day}`, "aria-label": label, "aria-current": day === current ? "date" : null },
          h("span", { class: "number" }, String(date)),
          h(
            "span",
            { class: "marks", "aria-hidden": "true" },
            marks.map(([kind]) => h("span", { class: `mark ${kind}` })),
          ),
        ),
      ),
    );
  }
  view.append(
    h(
      "div",
      { class: "toolbar month-bar" },
      h("a", { class: "button", href: `#/calendar/${shifted(year, month, -1)}`, "aria-label": t("previousMonth") },
        "‹"),
      h("h2", {}, title),
      h("a", { class: "button", href: `#/calendar/${shifted(year, month, 1)}`, "aria-label": t("nextMonth") },
        "›"),
      h("a", { class: "button", href: `#/day/${current}` }, t("today")),
    ),
    grid,
    h(
      "p",
      { class: "legend" },
      h("span", { class: "mark entries" }),
      " ",
      t("legendEntries"),
      " ",
      h("span", { class: "mark photos" }),
      " ",
      t("legendPhotos"),
      " ",
      h("span", { class: "mark videos" }),
      " ",
      t("legendVideos"),
    ),
  );
  say("");
  // The marks follow what is added elsewhere: the month is drawn again.
  return redrawOn(view, ["entry.created", "entry.deleted", "photo.imported", "photo.deleted"], () =>
    show(view, `${year}-${pad(month)}`),
  );
}

/**
 * Draws `view` again with `draw()` (which answers the new drawing's cleanup) on any of `topics`, while the view
 * is on the page. Answers the cleanup of this drawing and of those after it.
 */
function redrawOn(view, topics, draw) {
  let next = null;
  const stops = topics.map((topic) =>
    on(topic, () => {
      if (!view.isConnected) return;
      for (const stop of stops) stop();
      view.replaceChildren();
      draw().then((cleanup) => (next = cleanup), report);
    }),
  );
  return () => {
    for (const stop of stops) stop();
    next?.();
  };
}

/** Every item of a list method for one day, oldest first. */
async function everything(method, params) {
  const items = [];
  let cursor = null;
  do {
    const page = await call(method, { ...params, order: "oldest", limit: 500, cursor: cursor ?? undefined });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Shows one day (YYYY-MM-DD): its entries, then its photos and videos, each in the order they happened. */
export async function showDay(view, day) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day ?? "")) day = today();
  const [pets, entries, clips] = await Promise.all([
    allPets(),
    everything("diary.list", { from: day, to: day }),
    everything("photos.list", { from: day, to: day }),
  ]);
  const names = new Map(pets.map((pet) => [pet.id, pet.name]));
  const cards = entries.map((entry) => entryCard(entry, names));
  // The DOM's own append would put a null in as the text "null"; dom.js's leaves it out.
  append(view, [
    h(
      "div",
      { class: "toolbar" },
      h("a", { class: "button", href: `#/calendar/${day.slice(0, 7)}` }, `‹ ${t("calendar")}`),
      h("h2", { id: "day-title" }, longDay(day)),
    ),
    entries.length || clips.length ? null : h("p", { class: "empty" }, t("nothingThatDay")),
    entries.length
      ? h(
          "section",
          { "aria-label": t("entriesOf") },
          h("h3", {}, t("entriesOf")),
          h("ol", { class: "feed day-entries" }, cards.map((card) => h("li", {}, card))),
        )
      : null,
    clips.length
      ? h(
          "section",
          { "aria-label": t("clipsOf") },
          h("h3", {}, t("clipsOf")),
          h("div", { class: "tiles day-clips" }, clips.map(tile)),
        )
      : null,
  ]);
  say("");
  return redrawOn(view, ["entry.created", "entry.updated", "entry.deleted", "photo.imported", "photo.deleted"], () =>
    showDay(view, day),
  );
}
