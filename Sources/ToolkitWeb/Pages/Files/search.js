// Search as you type: diary.search for what is in the box, a moment after the last key, a page at a time.
// The core marks each match in the snippet with <mark>…</mark>; the snippet is split at those marks and every
// piece goes in as text, so text from the diary never becomes markup.

import { call } from "./api.js";
import { h, say } from "./dom.js";
import { longDay } from "./entry.js";
import { pager } from "./pager.js";
import { report } from "./report.js";
import { t } from "./strings.js";

/** The snippet's pieces as nodes: the marked ones in <mark>, the rest as text. */
export function snippet(text) {
  const nodes = [];
  for (const [index, piece] of text.split(/<mark>|<\/mark>/).entries()) {
    if (piece === "") continue;
    nodes.push(index % 2 === 1 ? h("mark", {}, piece) : document.createTextNode(piece));
  }
  return nodes;
}

function hit(result) {
  const entry = result.entry;
  return h(
    "li",
    { "data-entry-id": entry.id },
    h(
      "article",
      { class: "entry hit" },
      h("header", {}, h("time", { datetime: entry.date }, longDay(entry.date))),
      h("h2", {}, h("a", { href: `#/edit/${encodeURIComponent(entry.id)}` }, entry.title)),
      h("p", { class: "snippet" }, snippet(result.snippet)),
    ),
  );
}

/** Shows the search box (with `query` in it, from #/search/QUERY) and its results. */
export async function show(view, query = "") {
  const box = h("input", {
    id: "search-box",
    type: "search",
    autocomplete: "off",
    placeholder: t("searchHint"),
    "aria-describedby": "search-count",
  });
  box.value = query;
  const results = h("div", { class: "results" });
  const count = h("p", { id: "search-count", class: "empty", "aria-live": "polite" });
  let asked = 0;
  let paging = null;
  let timer = null;

  async function run() {
    const text = box.value.trim();
    const generation = ++asked;
    history.replaceState(null, "", text ? `#/search/${encodeURIComponent(text)}` : "#/search");
    paging?.stop();
    paging = null;
    results.replaceChildren();
    count.textContent = "";
    if (!text) return;
    const list = h("ol", { class: "feed" });
    const current = pager(
      list,
      (cursor) => call("diary.search", { query: text, limit: 20, cursor: cursor ?? undefined }),
      (items) => (generation === asked ? items.map(hit) : []),
      report,
    );
    paging = current;
    results.append(list, current.footer);
    await current.first();
    if (generation !== asked) return;
    count.textContent = list.childElementCount === 0 ? t("noResults") : "";
    results.hidden = false;
  }

  box.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => run().catch(report), 250);
  });
  view.append(
    h(
      "form",
      { class: "toolbar", role: "search", onsubmit: (event) => event.preventDefault() },
      h("label", { for: "search-box" }, t("search")),
      box,
    ),
    count,
    results,
  );
  await run();
  say("");
  box.focus();
  return () => {
    clearTimeout(timer);
    paging?.stop();
  };
}
