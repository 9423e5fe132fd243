// The app: opens the session, lays out the page in the reader's language, and shows the screen the address
// names (#/feed, #/feed/PET, #/calendar, #/calendar/YYYY-MM, #/day/YYYY-MM-DD, #/albums, #/album/ID, #/photo/ID,
// #/search, #/search/QUERY, #/new, #/edit/ID, #/camera, #/camera/PET, #/pets, #/sounds, #/share, #/share/pet:ID,
// #/share/album:ID, #/settings).
// When the diary stops answering the status line says so; when it answers again the screen is drawn anew.

import { call, onBack, onDown, openSession } from "./api.js";
import * as calendar from "./calendar.js";
import { h, say } from "./dom.js";
import { connect, on } from "./events.js";
import * as feed from "./feed.js";
import { report } from "./report.js";
import { language, t } from "./strings.js";

/**
 * A screen whose module loads when it is first shown: the page's first paint waits only for the feed's and the
 * calendar's modules (index.html preloads those). A screen's module is fetched ahead when the pointer or the focus
 * comes to its link, not while the first screen's thumbnails are still coming.
 */
function lazy(load, name) {
  return async (view, argument) => (await load())[name](view, argument);
}
const albums = () => import("./albums.js");
const camera = () => import("./camera.js");
const editor = () => import("./editor.js");
const petScreen = () => import("./petscreen.js");
const search = () => import("./search.js");
const settingsScreen = () => import("./settings.js");
const share = () => import("./share.js");
const soundScreen = () => import("./soundscreen.js");
const viewer = () => import("./viewer.js");
/** The modules each link of the nav leads to. */
const ahead = {
  albums: [albums, viewer],
  search: [search],
  new: [editor],
  camera: [camera],
  pets: [petScreen, soundScreen],
  share: [share],
  settings: [settingsScreen],
};

const screens = {
  feed: ["feed", feed.show],
  calendar: ["calendar", calendar.show],
  day: ["calendar", calendar.showDay],
  albums: ["albums", lazy(albums, "show")],
  album: ["albums", lazy(albums, "showAlbum")],
  photo: ["albums", lazy(viewer, "show")],
  search: ["search", lazy(search, "show")],
  new: ["new", lazy(editor, "show")],
  edit: ["new", lazy(editor, "show")],
  camera: ["camera", lazy(camera, "show")],
  pets: ["pets", lazy(petScreen, "show")],
  sounds: ["pets", lazy(soundScreen, "show")],
  share: ["share", lazy(share, "show")],
  settings: ["settings", lazy(settingsScreen, "show")],
};

let drawing = 0;
let cleanup = null;
/** Settles once the diary's time zone is known (or could not be). */
let zoneLearned = Promise.resolve();

/** Shows the screen the address names, in a container of its own (a slower screen before it is dropped). */
async function route() {
  const [, name = "feed", argument] = /^#\/([a-z]+)(?:\/(.+))?$/.exec(location.hash) ?? [];
  const [tab, draw] = screens[name] ?? screens.feed;
  const generation = ++drawing;
  // Only the feed needs no "today" (the diary's day), so it is drawn at once; the others wait for the zone.
  if (name !== "feed") {
    await zoneLearned;
    if (generation !== drawing) return;
  }
  cleanup?.();
  cleanup = null;
  for (const link of document.querySelectorAll("nav a")) {
    link.toggleAttribute("aria-current", false);
    if (link.dataset.screen === tab) link.setAttribute("aria-current", "page");
  }
  const view = h("div", { class: `screen screen-${name}` });
  document.getElementById("view").replaceChildren(view);
  document.documentElement.dataset.screen = "loading";
  try {
    const done = await draw(view, argument === undefined ? undefined : decodeURIComponent(argument));
    if (generation !== drawing) {
      done?.();
      return;
    }
    cleanup = done ?? null;
    document.documentElement.dataset.screen = name;
  } catch (error) {
    if (generation === drawing) report(error);
  }
}

function translate() {
  document.documentElement.lang = language;
  document.title = t("title");
  for (const element of document.querySelectorAll("[data-text]")) element.textContent = t(element.dataset.text);
  document.querySelector("nav").setAttribute("aria-label", t("screens"));
}

/** Asks the diary for its time zone, so that "today" is the core's day, not the device's. */
async function learnZone() {
  try {
    calendar.setDiaryZone((await call("system.info")).timeZone);
  } catch {
    // The device's clock decides until the diary answers.
  }
}

/** Shows the diary's name and theme colour from `settings`. */
function applySettings(settings) {
  document.getElementById("diary-name").textContent = settings.diaryName || t("title");
  document.title = settings.diaryName || t("title");
  // A colour the core accepted (#rrggbb); the stylesheet's own accent otherwise.
  if (/^#[0-9a-fA-F]{6}$/.test(settings.themeColor ?? "")) {
    document.documentElement.style.setProperty("--accent", settings.themeColor);
  } else {
    document.documentElement.style.removeProperty("--accent");
  }
}

async function showName() {
  try {
    applySettings(await call("settings.get"));
  } catch {
    // The name stays the default; the screen reports the failure.
  }
}

translate();
say(t("opening"));
onDown(() => {
  document.documentElement.dataset.core = "down";
  say(t("notRunning"), "down");
});
onBack(() => {
  document.documentElement.dataset.core = "up";
  say("");
  showName();
  zoneLearned = learnZone();
  zoneLearned.then(route);
});
on("settings.updated", applySettings);
window.addEventListener("hashchange", route);
for (const link of document.querySelectorAll("nav a[data-screen]")) {
  const fetchAhead = () => {
    for (const load of ahead[link.dataset.screen] ?? []) load().catch(() => {});
  };
  link.addEventListener("pointerenter", fetchAhead, { once: true });
  link.addEventListener("focus", fetchAhead, { once: true });
}
try {
  await openSession();
  document.getElementById("diary-name").textContent = t("title");
  connect();
  // The name, the zone and the first screen's calls go in one request (api.js batches the calls of one turn).
  zoneLearned = learnZone();
  await Promise.all([showName(), zoneLearned, route()]);
} catch (error) {
  report(error);
}
