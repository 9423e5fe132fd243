// The first screen's data, asked for as soon as the page starts: before the other modules have arrived and run,
// the feed's first calls (the ones main.js and feed.js make in their first turn) go to /api/rpc as one batch, and
// api.js answers those calls from it instead of sending them again. It imports nothing, so it runs as soon as it
// is here. Not on a visit with the token in the address (there is no session yet) or on another screen.

/** The feed's first calls: the diary's name, the settings (the zone, the order), the first page and the pets. */
const feedCalls = [["system.info"], ["settings.get"], ["diary.list", { limit: 20 }], ["pets.list", { limit: 500 }]];

if (location.hash === "" || location.hash === "#" || location.hash === "#/feed") {
  const batch = feedCalls.map(([method, params], index) => ({ jsonrpc: "2.0", id: index + 1, method, params }));
  const answers = fetch("/api/rpc", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(batch),
  })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  globalThis.earlyCalls = { calls: feedCalls, answers };
}
