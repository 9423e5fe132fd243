// Builds elements without markup: a string child becomes a text node, so text from the diary can never turn
// into elements or script.

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
