// Endless scrolling over the keyset cursors the list methods answer: a "Show more" button that a keyboard can
// press, pressed by itself when it scrolls into view.

import { h } from "./dom.js";
import { t } from "./strings.js";

/**
 * Loads pages into `list` until there are none left. `load(cursor)` answers `{items, nextCursor}`;
 * `render(items)` answers the nodes to append (or appends them itself and answers nothing).
 * `onError(error)` hears a page that failed to load. Answers `{footer, first(), done(), stop()}`: the footer to
 * place after the list, the first page's load (which throws), whether every page is in, and a stop.
 */
export function pager(list, load, render, onError) {
  let cursor = null;
  let finished = false;
  let busy = false;
  let stopped = false;
  const button = h("button", { type: "button", class: "more" }, t("more"));
  const footer = h("div", { class: "pager" }, button);

  async function next() {
    if (busy || finished || stopped) return;
    busy = true;
    button.disabled = true;
    button.textContent = t("loading");
    try {
      const page = await load(cursor);
      if (stopped) return;
      const nodes = await render(page.items);
      if (stopped) return;
      if (nodes) list.append(...nodes);
      cursor = page.nextCursor;
      finished = !cursor;
    } finally {
      busy = false;
      button.disabled = false;
      button.textContent = t("more");
      if (finished) footer.replaceChildren(h("p", { class: "end" }, t("end")));
    }
    // A page that did not fill the screen leaves the button in view: the observer does not fire again, so
    // ask for the next page. Asked after the next frame is laid out, not now: measuring now would lay out the
    // new page at once, ahead of the work that paints it (its thumbnails' requests, the records' answers).
    if (!finished && !stopped) {
      requestAnimationFrame(() => {
        if (!finished && !stopped && visible()) next().catch(onError);
      });
    }
  }

  function visible() {
    const box = button.getBoundingClientRect();
    return box.top < window.innerHeight && box.bottom > 0 && button.isConnected;
  }

  button.addEventListener("click", () => next().catch(onError));
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) next().catch(onError);
  });
  observer.observe(button);

  return {
    footer,
    first: next,
    done: () => finished,
    stop() {
      stopped = true;
      observer.disconnect();
    },
  };
}
