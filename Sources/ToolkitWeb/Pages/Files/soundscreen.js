// The sounds (#/sounds): every sound, built-in and the diary's own, each played in the browser; a WAV file
// imported from the computer or phone; a new one recorded with the microphone (recorder.js) and uploaded the same
// way; the diary's own renamed and deleted (after asking). The core's message is shown when it refuses.

import { call, RPCError } from "./api.js";
import { append, askFirst, h, say } from "./dom.js";
import { on } from "./events.js";
import { recordSwitch } from "./recorder.js";
import { report } from "./report.js";
import { allSounds, playSound, recordingName, uploadSound, UploadRefused } from "./sounds.js";
import { t } from "./strings.js";

/** Says what went wrong: the core's or the web app's own message when it refused, else what report says. */
function refused(error) {
  if (error instanceof RPCError || error instanceof UploadRefused) say(error.message, "error");
  else report(error);
}

/** Runs `action` with `button` disabled meanwhile, reporting a refusal. */
function busy(button, action) {
  button.disabled = true;
  return action()
    .catch(refused)
    .finally(() => (button.disabled = false));
}

/** What a kind of sound is called. */
function kindName(kind) {
  return t({ builtin: "kindBuiltin", recorded: "kindRecorded" }[kind] ?? "kindImported");
}

/** A sound's length in seconds, to a tenth. */
function length(sound) {
  return sound.durationSeconds.toFixed(1);
}

/** Shows the sounds in `view`. Answers its cleanup. */
export async function show(view) {
  const list = h("ul", { class: "sounds", "aria-label": t("allSounds") });

  function row(sound) {
    const play = h(
      "button",
      {
        type: "button",
        class: "play",
        "aria-label": t("playSound", { title: sound.title }),
        onclick: () =>
          busy(play, () => playSound(sound.id).then(() => (play.dataset.played = sound.id))).catch(() => {}),
      },
      `▶ ${t("play")}`,
    );
    const about = h(
      "p",
      { class: "about" },
      // The kind follows in the detail, so a built-in's name is not marked "(built in)" here as in the pickers.
      h("strong", { class: "sound-title" }, sound.title),
      " ",
      h("span", { class: "count" }, `${kindName(sound.kind)} · ${t("seconds", { seconds: length(sound) })}`),
    );
    const item = h("li", { class: "sound", "data-sound-id": sound.id }, about, h("div", { class: "actions" }, play));
    if (sound.kind === "builtin") return item;

    const title = h("input", { id: `sound-title-${sound.id}`, type: "text", autocomplete: "off", required: true });
    title.value = sound.title;
    const rename = h("button", { type: "submit" }, t("rename"));
    const remove = h("button", { type: "button", class: "delete" }, t("delete"));
    const confirm = askFirst(remove, h("span", {}, t("deleteSound", { title: sound.title })), (yes, reset) =>
      busy(yes, async () => {
        try {
          await call("sounds.delete", { id: sound.id });
        } finally {
          reset();
        }
        say(t("deleted"));
        await redraw();
      }),
    );
    append(item, [
      h(
        "form",
        {
          class: "row rename",
          onsubmit: (event) => {
            event.preventDefault();
            busy(rename, async () => {
              await call("sounds.rename", { id: sound.id, title: title.value });
              say(t("saved"));
              await redraw();
            });
          },
        },
        h("div", { class: "field" }, h("label", { for: title.id }, t("soundTitle")), title),
        rename,
        remove,
      ),
      confirm,
    ]);
    return item;
  }

  // What the list shows, so that drawing it again for the same sounds (an action's own redraw, then its event)
  // leaves it as it is.
  let shown = null;
  async function redraw() {
    const sounds = await allSounds();
    const key = JSON.stringify(sounds.map((sound) => [sound.id, sound.title]));
    if (key === shown) return;
    shown = key;
    list.replaceChildren(...sounds.map(row));
  }

  // Recording: the first press starts, the second stops and uploads.
  const recordTitle = h("input", { id: "sound-record-title", type: "text", autocomplete: "off" });
  const record = h("button", { type: "button", id: "sound-record", class: "primary", "aria-pressed": "false" });
  const elapsed = h("span", { class: "counter", id: "sound-record-time", "aria-live": "off" });
  record.textContent = `● ${t("record")}`;
  let ticking = null;
  const recording = recordSwitch(record, t("record"), {
    onStart: () => {
      const started = Date.now();
      view.dataset.recording = "yes";
      elapsed.textContent = "0 s";
      ticking = setInterval(() => (elapsed.textContent = `${Math.floor((Date.now() - started) / 1000)} s`), 500);
    },
    onStop: async (current) => {
      clearInterval(ticking);
      view.dataset.recording = "no";
      await busy(record, async () => {
        const wav = await current.stop();
        const name = recordingName("sound");
        const sound = await uploadSound(wav, name, recordTitle.value.trim() || name.replace(/\.wav$/, ""));
        recordTitle.value = "";
        elapsed.textContent = "";
        say(t("soundAdded", { title: sound.title }));
        await redraw();
      });
    },
  });

  // Importing a WAV file.
  const importTitle = h("input", { id: "sound-import-title", type: "text", autocomplete: "off" });
  const file = h("input", { id: "sound-file", type: "file", class: "file", accept: ".wav,audio/wav,audio/x-wav" });
  const importButton = h("button", { type: "submit" }, t("importSound"));

  append(view, [
    h(
      "div",
      { class: "toolbar" },
      h("h2", {}, t("sounds")),
      h("a", { class: "button", href: "#/pets" }, t("pets")),
    ),
    h(
      "section",
      { class: "sound-tools" },
      h(
        "form",
        { class: "editor record-sound", onsubmit: (event) => event.preventDefault() },
        h("h3", {}, t("recordSound")),
        h("div", { class: "field" }, h("label", { for: recordTitle.id }, t("soundTitle")), recordTitle),
        h("div", { class: "row" }, record, elapsed),
      ),
      h(
        "form",
        {
          class: "editor import-sound",
          onsubmit: (event) => {
            event.preventDefault();
            const chosen = file.files[0];
            if (!chosen) {
              say(t("chooseWav"), "error");
              return;
            }
            busy(importButton, async () => {
              const title = importTitle.value.trim() || chosen.name.replace(/\.wav$/i, "");
              const sound = await uploadSound(chosen, chosen.name, title);
              importTitle.value = "";
              file.value = "";
              say(t("soundAdded", { title: sound.title }));
              await redraw();
            });
          },
        },
        h("h3", {}, t("importWav")),
        h("div", { class: "field" }, h("label", { for: file.id }, t("wavFile")), file),
        h("div", { class: "field" }, h("label", { for: importTitle.id }, t("soundTitle")), importTitle),
        h("div", { class: "actions" }, importButton),
      ),
    ),
    list,
  ]);
  await redraw();
  say("");

  // A sound added, renamed or deleted elsewhere (the CLI, another tab) shows here too.
  const stops = ["sound.imported", "sound.recorded", "sound.updated", "sound.deleted"].map((topic) =>
    on(topic, () => {
      if (view.isConnected) redraw().catch(report);
    }),
  );
  return () => {
    for (const stop of stops) stop();
    clearInterval(ticking);
    recording.cancel();
  };
}
