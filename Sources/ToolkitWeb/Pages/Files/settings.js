// The settings (#/settings): what settings.get answers, changed with settings.set. Only the fields changed are
// sent; when the core refuses, its own message is shown and nothing is kept.

import { call, RPCError } from "./api.js";
import { on } from "./events.js";
import { h, say } from "./dom.js";
import { report } from "./report.js";
import { playButton, soundPicker } from "./petscreen.js";
import { allSounds, fallbackShutterSound } from "./sounds.js";
import { t } from "./strings.js";

/** The settings the form shows, in order: name, input type, label. */
const fields = [
  ["diaryName", "text", "diaryName"],
  ["themeColor", "color", "themeColor"],
  ["defaultOrder", "order", "defaultOrder"],
  ["titleLimit", "number", "titleLimit"],
  ["bodyLimit", "number", "bodyLimit"],
  ["shutterSoundId", "sound", "shutterSound"],
  ["soundDevice", "text", "soundDevice"],
  ["captureDevice", "text", "captureDevice"],
];

/** Shows the settings form in `view`. Answers its cleanup. */
export async function show(view) {
  const [settings, sounds] = await Promise.all([call("settings.get"), allSounds()]);
  let saved = { ...settings };
  const inputs = new Map();

  function input(name, type) {
    const id = `settings-${name}`;
    if (type === "order") {
      return h(
        "select",
        { id },
        ["newest", "oldest"].map((order) =>
          h("option", { value: order, selected: settings[name] === order }, t(order)),
        ),
      );
    }
    if (type === "sound") return soundPicker(id, sounds, settings[name]);
    const element = h("input", { id, type: type === "number" ? "text" : type, autocomplete: "off" });
    if (type === "number") element.setAttribute("inputmode", "numeric");
    element.value = settings[name] ?? "";
    return element;
  }

  /** The value of a field as settings.set takes it: a whole number for a limit when it reads as one. */
  function value(name, type) {
    const raw = inputs.get(name).value;
    if (type === "number" && /^\s*-?\d+\s*$/.test(raw)) return Number(raw);
    return raw;
  }

  const rows = fields.map(([name, type, label]) => {
    const element = input(name, type);
    inputs.set(name, element);
    const control =
      type === "sound"
        ? h("div", { class: "row" }, element, playButton(element, fallbackShutterSound, t("play")))
        : element;
    return h("div", { class: "field" }, h("label", { for: element.id }, t(label)), control);
  });
  const save = h("button", { type: "submit", class: "primary" }, t("save"));

  view.append(
    h("div", { class: "toolbar" }, h("h2", {}, t("settings"))),
    h(
      "form",
      {
        class: "editor settings-form",
        onsubmit: (event) => {
          event.preventDefault();
          const changes = {};
          for (const [name, type] of fields) {
            const now = value(name, type);
            const before = saved[name] ?? "";
            // A colour input answers #rrggbb in small letters whatever it was given.
            const same = type === "color" ? String(now).toLowerCase() === before.toLowerCase() : now === before;
            if (!same) changes[name] = now;
          }
          save.disabled = true;
          call("settings.set", changes)
            .then((answer) => {
              saved = { ...answer };
              say(t("saved"));
            })
            .catch((error) => {
              if (error instanceof RPCError) say(error.message, "error");
              else report(error);
            })
            .finally(() => (save.disabled = false));
        },
      },
      rows,
      h("div", { class: "actions" }, save),
    ),
  );
  say("");

  // A change made elsewhere (another tab, toolkit settings set) shows at once in the fields not being edited
  // here; a field changed here and not yet saved keeps what was typed.
  return on("settings.updated", (settings) => {
    for (const [name, type] of fields) {
      const element = inputs.get(name);
      const before = saved[name] ?? "";
      const now = value(name, type);
      const untouched = type === "color" ? String(now).toLowerCase() === String(before).toLowerCase() : now === before;
      if (untouched) element.value = settings[name] ?? "";
    }
    saved = { ...settings };
  });
}
