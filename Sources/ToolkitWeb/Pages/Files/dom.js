// Builds elements without markup: a string child becomes a text node, so text from the diary can never turn
// into elements or script.

import { t } from "./strings.js";

/**
 * An element: `h("a", {href: "#/feed", class: "tab"}, "Feed")`. Attributes are set with setAttribute (an `on`
 * function is an event listener); children are nodes or strings (as text), null and false are left out.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/** Appends nodes and strings (as text nodes) to `parent`, flattening arrays. */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    const text = typeof child === "string" || typeof child === "number";
    parent.append(text ? document.createTextNode(String(child)) : child);
  }
  return parent;
}

/** Puts `text` in the status line at the top of the page (read out by screen readers); "" clears it. */
export function say(text, kind = "info") {
  const status = document.getElementById("status");
  status.textContent = text;
  status.dataset.kind = kind;
}

/**
 * Makes `button` ask first: pressing it shows `question` with *Yes, delete* and *Keep it* in its place, the focus
 * on *Keep it*, which puts the button back. *Yes, delete* calls `onYes(yes, reset)`, `reset` putting the button
 * back. Answers the question's group, to place after the button.
 */
export function askFirst(button, question, onYes) {
  const yes = h("button", { type: "button", class: "danger" }, t("deleteYes"));
  const no = h("button", { type: "button" }, t("deleteNo"));
  const group = h("div", { class: "confirm", role: "group", hidden: true }, question, " ", yes, no);
  const reset = () => {
    group.hidden = true;
    button.hidden = false;
  };
  button.addEventListener("click", () => {
    group.hidden = false;
    button.hidden = true;
    no.focus();
  });
  no.addEventListener("click", () => {
    reset();
    button.focus();
  });
  yes.addEventListener("click", () => onYes(yes, reset));
  return group;
}
