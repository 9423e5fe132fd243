// The voice notes of a diary entry (under its editor, #/edit/ID) or of a photo (in the viewer, #/photo/ID): each
// played in the browser and deleted (after asking); a new one recorded with the microphone (recorder.js),
// uploaded as a sound and attached (/api/upload/sound?entry=ID or ?photo=ID). Deleting a note also deletes its
// sound when nothing else uses it.

import { call, RPCError } from "./api.js";
import { append, askFirst, h, say } from "./dom.js";
import { recordSwitch } from "./recorder.js";
import { report } from "./report.js";
import { playSound, recordingName, uploadSound, UploadRefused } from "./sounds.js";
import { t } from "./strings.js";
import { clipped } from "./text.js";

/** Says what went wrong: the core's or the web app's message when it refused, else what report says. */
function refused(error) {
  if (error instanceof RPCError || error instanceof UploadRefused) say(error.message, "error");
  else report(error);
}

/**
 * The voice notes section for an entry (`{entry: ID}`) or a photo (`{photo: ID}`); `title` is what a new note's
 * sound is called after. Answers `{element, cleanup}`.
 */
export function voiceNotes(of, title) {
  const list = h("ul", { class: "notes", id: of.entry ? "entry-notes" : "photo-notes" });
  const record = h("button", { type: "button", id: "note-record", "aria-pressed": "false" }, `● ${t("recordNote")}`);

  function row(note, number) {
    const play = h(
      "button",
      {
        type: "button",
        class: "play",
        onclick: () => {
          play.disabled = true;
          playSound(note.soundId, 600000)
            .then(() => (play.dataset.played = note.soundId))
            .catch(refused)
            .finally(() => (play.disabled = false));
        },
      },
      `▶ ${t("play")}`,
    );
    const remove = h("button", { type: "button", class: "delete" }, t("delete"));
    const confirm = askFirst(remove, t("deleteNote"), async (yes) => {
      yes.disabled = true;
      try {
        await call("notes.delete", { id: note.id });
        // The note's sound goes too unless a pet, the settings or another note still uses it (the core refuses).
        await call("sounds.delete", { id: note.soundId }).catch(() => {});
        say(t("deleted"));
        await redraw();
      } catch (error) {
        refused(error);
        yes.disabled = false;
      }
    });
    return h(
      "li",
      { class: "note", "data-note-id": note.id },
      h("span", {}, t("noteNumber", { number, seconds: note.durationSeconds.toFixed(1) })),
      h("div", { class: "actions" }, play, remove),
      confirm,
    );
  }

  async function redraw() {
    const { items } = await call("notes.list", of.entry ? { entryId: of.entry } : { photoId: of.photo });
    list.replaceChildren(...items.map((note, index) => row(note, index + 1)));
  }

  const recording = recordSwitch(record, t("recordNote"), {
    onStop: async (current) => {
      record.disabled = true;
      try {
        const wav = await current.stop();
        await uploadSound(wav, recordingName("note"), clipped(t("noteOn", { title }), 50), of);
        say(t("noteAdded"));
        await redraw();
      } catch (error) {
        refused(error);
      } finally {
        record.disabled = false;
      }
    },
  });

  const element = h("section", { class: "voice-notes", "aria-labelledby": "notes-heading" });
  append(element, [h("h3", { id: "notes-heading" }, t("voiceNotes")), list, h("div", { class: "actions" }, record)]);
  redraw().catch(report);
  return {
    element,
    cleanup: recording.cancel,
  };
}
