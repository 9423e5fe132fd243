// The viewer: a photo at full size, or a video with its poster playing the browser-playable copy (the media
// route answers byte ranges, so it can seek); the favourite and the memo are changed here, and the photo's voice
// notes are played and recorded (notes.js).

import { call } from "./api.js";
import { h, say } from "./dom.js";
import { forgetPhoto } from "./entry.js";
import { describe, isVideo, originalURL, thumbnailURL, videoURL } from "./media.js";
import { voiceNotes } from "./notes.js";
import { report } from "./report.js";
import { language, t } from "./strings.js";

/** The types a browser shows as they are; anything else (HEIC, RAW) is shown by its largest thumbnail. */
const displayable = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif", "image/svg+xml"]);

/** Shows the photo or video `id`. Answers its cleanup. */
export async function show(view, id) {
  let photo = await call("photos.get", { id });
  const media = isVideo(photo)
    ? h("video", {
        controls: true,
        preload: "metadata",
        playsinline: true,
        poster: thumbnailURL(photo.id, 1280),
        width: photo.displayWidth ?? photo.width,
        height: photo.displayHeight ?? photo.height,
        src: videoURL(photo.id),
        "aria-label": describe(photo),
      })
    : h("img", {
        src: displayable.has(photo.mediaType) ? originalURL(photo.id) : thumbnailURL(photo.id, 2048),
        alt: describe(photo),
        width: photo.displayWidth ?? photo.width,
        height: photo.displayHeight ?? photo.height,
      });
  const star = h(
    "button",
    { type: "button", class: "favorite", "aria-pressed": String(photo.favorite) },
    "★ ",
    t("favorite"),
  );
  const memo = h("textarea", { id: "memo", rows: 3 });
  memo.value = photo.memo;
  const save = h("button", { type: "submit" }, t("saveMemo"));

  async function update(change) {
    photo = await call("photos.update", { id: photo.id, ...change });
    forgetPhoto(photo.id);
    star.setAttribute("aria-pressed", String(photo.favorite));
    memo.value = photo.memo;
  }

  star.addEventListener("click", () => update({ favorite: !photo.favorite }).catch(report));
  const form = h(
    "form",
    {
      class: "memo",
      onsubmit: (event) => {
        event.preventDefault();
        update({ memo: memo.value }).then(() => say(t("saved")), report);
      },
    },
    h("label", { for: "memo" }, t("memo")),
    memo,
    save,
  );
  view.append(
    h(
      "div",
      { class: "toolbar" },
      h("button", { type: "button", class: "button", onclick: () => history.back() }, `‹ ${t("back")}`),
      h("time", { datetime: photo.takenAt }, new Date(photo.takenAt).toLocaleString(language)),
    ),
    h("figure", { class: "viewer" }, media),
    h(
      "div",
      { class: "actions" },
      star,
      h("a", { class: "button", href: originalURL(photo.id), download: "" }, t("original")),
    ),
    form,
  );
  const notes = voiceNotes({ photo: photo.id }, describe(photo));
  view.append(notes.element);
  say("");
  return notes.cleanup;
}
