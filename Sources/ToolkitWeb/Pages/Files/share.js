// Sharing (#/share): a pet, an album or the whole diary, between two days or all of it, made into a share bundle
// with its offline gallery (POST /api/share, export.create) and downloaded as NAME.tar.zst.

import { call, NoSession, NotRunning } from "./api.js";
import { h, say } from "./dom.js";
import { allPets } from "./pets.js";
import { report } from "./report.js";
import { t } from "./strings.js";

/** Every album, in the core's order. */
async function allAlbums() {
  const albums = [];
  let cursor = null;
  do {
    const page = await call("albums.list", { order: "oldest", limit: 500, cursor: cursor ?? undefined });
    albums.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return albums;
}

/** The file name in a Content-Disposition header: `filename*` (RFC 8187) when there is one, else `filename`. */
export function attachmentName(header) {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? "");
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // Fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header ?? "")?.[1] || "share.tar.zst";
}

/** A size in bytes as a person reads it. */
function size(bytes) {
  if (bytes < 1024 * 1024) return t("kilobytes", { count: Math.max(1, Math.round(bytes / 1024)) });
  return t("megabytes", { count: (bytes / (1024 * 1024)).toFixed(1) });
}

/** Shows the share form in `view`. Answers its cleanup (the last bundle's address is let go). */
export async function show(view, argument) {
  const [pets, albums] = await Promise.all([allPets(), allAlbums()]);
  const what = h(
    "select",
    { id: "share-what" },
    h("option", { value: "" }, t("wholeDiary")),
    h(
      "optgroup",
      { label: t("pets") },
      pets.map((pet) => h("option", { value: `pet:${pet.id}`, selected: `pet:${pet.id}` === argument }, pet.name)),
    ),
    h(
      "optgroup",
      { label: t("albums") },
      albums.map((album) =>
        h("option", { value: `album:${album.id}`, selected: `album:${album.id}` === argument }, album.title),
      ),
    ),
  );
  const from = h("input", { id: "share-start", type: "date" });
  const to = h("input", { id: "share-end", type: "date" });
  const gallery = h("input", { id: "share-html", type: "checkbox", checked: true });
  const make = h("button", { type: "submit", class: "primary", id: "share-make" }, t("makeBundle"));
  const result = h("p", { class: "result", id: "share-result", "aria-live": "polite" });
  let address = null;

  async function download() {
    const selection = { html: gallery.checked };
    const [kind, id] = what.value.split(":");
    if (kind === "pet") selection.petId = id;
    if (kind === "album") selection.albumId = id;
    if (from.value) selection.from = from.value;
    if (to.value) selection.to = to.value;
    if (selection.from && selection.to && selection.from > selection.to) {
      say(t("daysReversed"), "error");
      return;
    }
    say(t("makingBundle"));
    result.replaceChildren();
    let response;
    try {
      response = await fetch("/api/share", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(selection),
      });
    } catch {
      throw new NotRunning("notRunning");
    }
    if (response.status === 401) throw new NoSession("noSession");
    if (!response.ok) {
      let message = `HTTP ${response.status}`;
      try {
        message = (await response.json()).error?.message ?? message;
      } catch {
        // Not JSON: the status says enough.
      }
      say(message, "error");
      return;
    }
    const name = attachmentName(response.headers.get("Content-Disposition"));
    const bundle = await response.blob();
    if (address) URL.revokeObjectURL(address);
    address = URL.createObjectURL(bundle);
    const link = h("a", { href: address, download: name, class: "button", id: "share-download" }, t("saveAgain"));
    result.replaceChildren(t("bundleMade", { name, size: size(bundle.size) }), " ", link);
    say("");
    link.click();
  }

  view.append(
    h("div", { class: "toolbar" }, h("h2", {}, t("share"))),
    h("p", { class: "hint" }, t("shareHint")),
    h(
      "form",
      {
        class: "editor share-form",
        onsubmit: (event) => {
          event.preventDefault();
          make.disabled = true;
          download()
            .catch(report)
            .finally(() => (make.disabled = false));
        },
      },
      h("div", { class: "field" }, h("label", { for: what.id }, t("shareWhat")), what),
      h(
        "div",
        { class: "row" },
        h("div", { class: "field" }, h("label", { for: from.id }, t("fromDay")), from),
        h("div", { class: "field" }, h("label", { for: to.id }, t("toDay")), to),
      ),
      h("div", { class: "check" }, gallery, h("label", { for: gallery.id }, t("withGallery"))),
      h("div", { class: "actions" }, make),
      result,
    ),
  );
  say("");
  return () => {
    if (address) URL.revokeObjectURL(address);
  };
}
