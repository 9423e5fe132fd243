// The camera (#/camera, #/camera/PET): a clip or a photo of a pet, into the pet's album and today's entry for
// the pet. Where the browser lets the page use the camera (a secure context: localhost or https) it shows the
// camera and records with MediaRecorder, a photo through a canvas; elsewhere (a phone over plain http) a file
// input opens the phone's own camera. Either way the shutter first plays the pet's shutter sound, and the file
// is uploaded to /api/upload with a progress bar.

import { call, NoSession, NotRunning } from "./api.js";
import { h, say } from "./dom.js";
import { today } from "./calendar.js";
import { allPets } from "./pets.js";
import { report } from "./report.js";
import { playSound, shutterSoundOf } from "./sounds.js";
import { t } from "./strings.js";
import { clipped } from "./text.js";

/** Every album of a pet, in the core's order. */
async function albumsOf(petId) {
  const albums = [];
  let cursor = null;
  do {
    const page = await call("albums.list", { petId, order: "oldest", limit: 500, cursor: cursor ?? undefined });
    albums.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return albums;
}

/** Today's entry for `pet` (the first of the day), made when it has none. */
async function todaysEntry(pet, settings) {
  const day = today();
  const page = await call("diary.list", { petId: pet.id, from: day, to: day, order: "oldest", limit: 1 });
  if (page.items.length) return page.items[0];
  const title = clipped(t("todayOf", { name: pet.name }), settings.titleLimit);
  return call("diary.create", { title, body: "", date: day, petId: pet.id });
}

/** Sends `blob` to /api/upload, calling `progress(fraction)` as it goes; answers the photo record. */
function upload(blob, name, album, entry, progress) {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const query = new URLSearchParams({ album, entry });
    request.open("POST", `/api/upload?${query}`);
    request.setRequestHeader("X-Filename", name);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) progress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      let answer = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status says enough.
      }
      if (request.status === 200 && answer) {
        progress(1);
        resolve(answer);
      } else {
        reject(new Error(answer?.error?.message ?? `HTTP ${request.status}`));
      }
    });
    request.addEventListener("error", () => reject(new Error(t("uploadFailed"))));
    request.send(blob);
  });
}

/** A file name for a recording of `type` made now, e.g. "clip-20261129-013405.webm". */
function fileName(prefix, type) {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const extension = /mp4/.test(type) ? "mp4" : /jpeg/.test(type) ? "jpg" : "webm";
  return `${prefix}-${stamp}.${extension}`;
}

/**
 * The type the recorder makes: MP4 where the browser records it (its length is in the file, and every phone
 * plays it), else the browser's own (WebM).
 */
function recordingType() {
  return ["video/mp4;codecs=avc1,mp4a.40.2", "video/mp4"].find((type) => MediaRecorder.isTypeSupported(type));
}

/** Whether this page may use the camera itself (getUserMedia and MediaRecorder, in a secure context). */
function canRecord() {
  return window.isSecureContext && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder === "function";
}

/** Shows the camera in `view`, for the pet `petId` (the first pet without one). Answers its cleanup. */
export async function show(view, petId) {
  const [settings, pets] = await Promise.all([call("settings.get"), allPets()]);
  view.append(h("div", { class: "toolbar" }, h("h2", {}, t("camera"))));
  if (!pets.length) {
    view.append(h("p", { class: "empty" }, t("noPets"), " ", h("a", { href: "#/pets" }, t("addPetFirst"))));
    say("");
    return null;
  }
  const pet = pets.find((each) => each.id === petId) ?? pets[0];
  const albums = await albumsOf(pet.id);

  const petPicker = h(
    "select",
    {
      id: "camera-pet",
      onchange: (event) => {
        location.hash = `#/camera/${encodeURIComponent(event.target.value)}`;
      },
    },
    pets.map((each) => h("option", { value: each.id, selected: each.id === pet.id }, each.name)),
  );
  const albumPicker = h(
    "select",
    { id: "camera-album" },
    albums.map((album) => h("option", { value: album.id }, album.title)),
    h("option", { value: "" }, t("newAlbum")),
  );
  const albumTitle = h("input", { id: "camera-album-title", type: "text", autocomplete: "off" });
  albumTitle.value = pet.name;
  const albumTitleField = h(
    "div",
    { class: "field", hidden: albums.length > 0 },
    h("label", { for: "camera-album-title" }, t("albumTitle")),
    albumTitle,
  );
  albumPicker.addEventListener("change", () => (albumTitleField.hidden = albumPicker.value !== ""));

  const bar = h("progress", {
    id: "upload-progress", max: 100, value: 0, hidden: true, "aria-label": t("uploading"),
  });
  const result = h("p", { id: "camera-result", class: "result", "aria-live": "polite" });
  const screen = view;

  /** The album the clip goes to: the one picked, or a new one of the title typed. */
  async function album() {
    if (albumPicker.value) return albumPicker.value;
    const made = await call("albums.create", { title: albumTitle.value.trim() || pet.name, petId: pet.id });
    albumPicker.insertBefore(h("option", { value: made.id }, made.title), albumPicker.lastChild);
    albumPicker.value = made.id;
    albumTitleField.hidden = true;
    return made.id;
  }

  /** Plays the pet's shutter sound and waits until it ends. */
  async function shutter() {
    const sound = shutterSoundOf(pet, settings);
    await playSound(sound);
    screen.dataset.shutter = sound;
  }

  let busy = false;
  /** Uploads a recording or a chosen file into the album and today's entry, showing its progress. */
  async function send(blob, name) {
    busy = true;
    result.replaceChildren();
    bar.hidden = false;
    bar.value = 0;
    say(t("uploading"));
    try {
      const [albumID, entry] = await Promise.all([album(), todaysEntry(pet, settings)]);
      const photo = await upload(blob, name, albumID, entry.id, (fraction) => {
        bar.value = Math.round(fraction * 100);
      });
      say(t("uploaded"));
      result.replaceChildren(
        h("a", { href: `#/photo/${encodeURIComponent(photo.id)}`, "data-photo-id": photo.id }, t("openUploaded")),
        " · ",
        h("a", { href: `#/day/${entry.date}` }, t("openToday")),
      );
    } catch (error) {
      if (error instanceof NotRunning || error instanceof NoSession) report(error);
      else say(t("failed", { message: error.message }), "error");
    } finally {
      busy = false;
    }
  }

  // The phone's own camera, or any photo or video file: the shutter sounds on the tap that opens it.
  const file = h("input", {
    id: "camera-file",
    type: "file",
    accept: "video/*,image/*",
    capture: canRecord() ? null : "environment",
    class: "file",
  });
  file.addEventListener("click", () => {
    shutter().catch(() => {});
  });
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    if (chosen) send(chosen, chosen.name).finally(() => (file.value = ""));
  });

  view.append(
    h(
      "div",
      { class: "row" },
      h("div", { class: "field" }, h("label", { for: "camera-pet" }, t("petFilter")), petPicker),
      h("div", { class: "field" }, h("label", { for: "camera-album" }, t("album")), albumPicker),
      albumTitleField,
    ),
  );

  let stream = null;
  let recorder = null;
  function stopCamera() {
    if (recorder?.state === "recording") recorder.stop();
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  }

  if (canRecord()) {
    const preview = h("video", { id: "camera-preview", muted: true, playsinline: true, autoplay: true });
    preview.muted = true;
    const start = h("button", { type: "button", id: "camera-start", class: "primary" }, t("cameraOn"));
    const record = h("button", { type: "button", id: "camera-record", hidden: true }, t("recordClip"));
    const snap = h("button", { type: "button", id: "camera-photo", hidden: true }, t("takePhoto"));
    const live = h("figure", { class: "viewer camera", hidden: true }, preview);

    start.addEventListener("click", async () => {
      start.disabled = true;
      try {
        try {
          stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
        } catch {
          stream = await navigator.mediaDevices.getUserMedia({ video: true });
        }
        if (!view.isConnected) return stopCamera();
        preview.srcObject = stream;
        live.hidden = false;
        start.hidden = true;
        record.hidden = false;
        snap.hidden = false;
        record.focus();
        screen.dataset.camera = "on";
      } catch (error) {
        start.disabled = false;
        say(t("noCamera", { message: error.message }), "error");
      }
    });

    record.addEventListener("click", async () => {
      if (recorder?.state === "recording") {
        recorder.stop();
        return;
      }
      if (busy || !stream) return;
      record.disabled = true;
      await shutter().catch(() => {});
      const chunks = [];
      recorder = new MediaRecorder(stream, { mimeType: recordingType() });
      recorder.addEventListener("dataavailable", (event) => event.data.size && chunks.push(event.data));
      recorder.addEventListener("stop", () => {
        record.textContent = t("recordClip");
        record.setAttribute("aria-pressed", "false");
        screen.dataset.recording = "no";
        const type = recorder.mimeType || "video/webm";
        if (view.isConnected && chunks.length) send(new Blob(chunks, { type }), fileName("clip", type));
      });
      recorder.start(250);
      record.textContent = t("stopRecording");
      record.setAttribute("aria-pressed", "true");
      record.disabled = false;
      screen.dataset.recording = "yes";
    });

    snap.addEventListener("click", async () => {
      if (busy || !stream) return;
      snap.disabled = true;
      try {
        await shutter().catch(() => {});
        const canvas = document.createElement("canvas");
        canvas.width = preview.videoWidth;
        canvas.height = preview.videoHeight;
        canvas.getContext("2d").drawImage(preview, 0, 0);
        const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
        if (blob) await send(blob, fileName("photo", "image/jpeg"));
      } finally {
        snap.disabled = false;
      }
    });

    view.append(live, h("div", { class: "actions" }, start, record, snap));
  }
  view.append(
    h(
      "div",
      { class: "field" },
      h("label", { for: "camera-file" }, canRecord() ? t("chooseFile") : t("phoneCamera")),
      file,
    ),
    bar,
    result,
  );
  say("");
  return stopCamera;
}
