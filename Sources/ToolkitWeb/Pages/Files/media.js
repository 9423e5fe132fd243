// Photos and videos as the pages show them: a thumbnail tile linking to the viewer, and the media URLs.

import { h } from "./dom.js";
import { t } from "./strings.js";

/** The thumbnail sizes the page asks /media for (the longest side, in pixels). */
export const thumbnailSizes = [160, 320, 640, 1280];

/** Whether a photo record is a video. */
export function isVideo(photo) {
  return photo.mediaType.startsWith("video/");
}

/** The URL of a photo's thumbnail (a video's poster) of `size` pixels. */
export function thumbnailURL(id, size) {
  return `/media/photos/${encodeURIComponent(id)}/thumbnail?size=${size}`;
}

/** The URL of a photo's original file. */
export function originalURL(id) {
  return `/media/photos/${encodeURIComponent(id)}`;
}

/** The URL of a video's browser-playable copy (the original until one is made). */
export function videoURL(id) {
  return `/media/photos/${encodeURIComponent(id)}/video`;
}

/** What a photo is, in words: its memo, else "Photo" or "Video, N s". */
export function describe(photo) {
  if (photo.memo) return photo.memo;
  return isVideo(photo) ? t("video", { seconds: Math.round(photo.durationSeconds ?? 0) }) : t("photo");
}

/**
 * An `<img>` of a photo's thumbnail with every size in its srcset, loaded lazily unless `eager` (a tile the
 * first screen shows, whose load should start as soon as it is in the page, not after layout finds it in view).
 */
export function thumbnail(photo, { sizes = "(max-width: 600px) 50vw, 200px", size = 320, eager = false } = {}) {
  return h("img", {
    src: thumbnailURL(photo.id, size),
    srcset: thumbnailSizes.map((each) => `${thumbnailURL(photo.id, each)} ${each}w`).join(", "),
    sizes,
    loading: eager ? "eager" : "lazy",
    decoding: "async",
    alt: photo.mediaType ? describe(photo) : "",
  });
}

/**
 * A tile: the thumbnail as a link to the viewer, with a video's length and a favourite's star. `photo` may hold
 * only its `id`: the thumbnail is asked for at once, and `complete` adds what the record says once it is known.
 * `eager` loads the thumbnail at once (see `thumbnail`).
 */
export function tile(photo, { eager = false } = {}) {
  const link = h(
    "a",
    { class: "tile", href: `#/photo/${encodeURIComponent(photo.id)}`, "data-photo-id": photo.id },
    thumbnail(photo, { eager }),
  );
  if (photo.mediaType) complete(link, photo);
  return link;
}

/** Gives a tile made from an id its description, a video's length and a favourite's star. */
export function complete(link, photo) {
  link.querySelector("img").alt = describe(photo);
  const seconds = Math.round(photo.durationSeconds ?? 0);
  if (isVideo(photo)) link.append(h("span", { class: "badge", "aria-hidden": "true" }, `▶ ${clock(seconds)}`));
  if (photo.favorite) link.append(h("span", { class: "star", "aria-hidden": "true" }, "★"));
}

/** Seconds as m:ss. */
export function clock(seconds) {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}
