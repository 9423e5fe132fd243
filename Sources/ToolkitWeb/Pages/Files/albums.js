// Albums: each pet's albums with their covers, and an album's photos and videos as a grid, a page at a time.

import { call } from "./api.js";
import { h, say } from "./dom.js";
import { on } from "./events.js";
import { thumbnail, tile } from "./media.js";
import { pager } from "./pager.js";
import { allPets } from "./pets.js";
import { report } from "./report.js";
import { t } from "./strings.js";

async function allAlbums() {
  const albums = [];
  let cursor = null;
  do {
    const page = await call("albums.list", { limit: 500, cursor: cursor ?? undefined });
    albums.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return albums;
}

function albumCard(album) {
  return h(
    "li",
    {},
    h(
      "a",
      { class: "album", href: `#/album/${encodeURIComponent(album.id)}`, "data-album-id": album.id },
      album.coverPhotoId
        ? thumbnail({ id: album.coverPhotoId, mediaType: "image/jpeg", memo: "" }, { sizes: "160px" })
        : h("span", { class: "cover-empty", "aria-hidden": "true" }, "🐾"),
      h("span", { class: "album-title" }, album.title),
      h("span", { class: "count" }, t("albumCount", { count: album.photoCount })),
    ),
  );
}

/** Shows every pet's albums (and those of no pet last). Answers its cleanup. */
export async function show(view) {
  const [pets, albums] = await Promise.all([allPets(), allAlbums()]);
  if (albums.length === 0) view.append(h("p", { class: "empty" }, t("noAlbums")));
  const groups = [...pets.map((pet) => [pet.id, pet.name]), [null, t("otherAlbums")]];
  for (const [petId, name] of groups) {
    const own = albums.filter((album) => (album.petId ?? null) === petId);
    if (own.length === 0) continue;
    view.append(
      h("section", { class: "pet-albums" }, h("h2", {}, name), h("ul", { class: "albums" }, own.map(albumCard))),
    );
  }
  say("");
  const stops = ["album.created", "album.updated", "album.deleted", "photo.imported"].map((topic) =>
    on(topic, () => {
      if (!view.isConnected) return;
      for (const stop of stops) stop();
      view.replaceChildren();
      show(view).catch(report);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

/** Shows one album's photos and videos, newest first, a page at a time. Answers its cleanup. */
export async function showAlbum(view, id) {
  const album = await call("albums.get", { id });
  const grid = h("div", { class: "tiles album-grid" });
  const seen = new Set();
  const paging = pager(
    grid,
    (cursor) => call("photos.list", { albumId: id, order: "newest", limit: 60, cursor: cursor ?? undefined }),
    (items) => items.filter((photo) => !seen.has(photo.id) && seen.add(photo.id)).map(tile),
    report,
  );
  const empty = h("p", { class: "empty", hidden: true }, t("noPhotos"));
  view.append(
    h(
      "div",
      { class: "toolbar" },
      h("a", { class: "button", href: "#/albums" }, `‹ ${t("albums")}`),
      h("h2", {}, album.title),
    ),
    empty,
    grid,
    paging.footer,
  );
  await paging.first();
  empty.hidden = grid.childElementCount > 0;
  say("");
  const stops = [
    on("photo.imported", (photo) => {
      if (photo.albumId !== id || seen.has(photo.id)) return;
      seen.add(photo.id);
      grid.prepend(tile(photo));
      empty.hidden = true;
    }),
    on("photo.deleted", (record) => grid.querySelector(`[data-photo-id="${CSS.escape(record.id)}"]`)?.remove()),
    on("photo.updated", (photo) =>
      grid.querySelector(`[data-photo-id="${CSS.escape(photo.id)}"]`)?.replaceWith(tile(photo)),
    ),
  ];
  return () => {
    paging.stop();
    for (const stop of stops) stop();
  };
}
