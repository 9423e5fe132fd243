// The core's events from /api/events (Server-Sent Events). Screens listen to topics; the stream is opened
// again whenever it closes (a core that restarts ends it, and the browser gives up on a 503).

import { onBack } from "./api.js";

const listeners = new Map();
let source = null;
let reopening = null;

function dispatch(message) {
  let event;
  try {
    event = JSON.parse(message.data);
  } catch {
    return;
  }
  for (const listener of listeners.get(message.type) ?? []) listener(event.data, event);
  for (const listener of listeners.get("*") ?? []) listener(event.data, event);
}

const topics = [
  "entry.created", "entry.updated", "entry.deleted",
  "photo.imported", "photo.updated", "photo.deleted",
  "pet.created", "pet.updated", "pet.deleted",
  "album.created", "album.updated", "album.deleted",
  "settings.updated",
];

/** Opens the stream (again). */
export function connect() {
  if (reopening) {
    clearTimeout(reopening);
    reopening = null;
  }
  if (source) source.close();
  source = new EventSource("/api/events");
  for (const topic of topics) source.addEventListener(topic, dispatch);
  source.addEventListener("open", () => document.documentElement.setAttribute("data-events", "open"));
  source.addEventListener("error", () => {
    document.documentElement.setAttribute("data-events", "closed");
    if (source.readyState === EventSource.CLOSED && !reopening) {
      reopening = setTimeout(connect, 3000);
    }
  });
}

onBack(connect);

/** Calls `listener(data, event)` for each event of `topic` ("*" for all) until the returned function is called. */
export function on(topic, listener) {
  if (!listeners.has(topic)) listeners.set(topic, new Set());
  listeners.get(topic).add(listener);
  return () => listeners.get(topic).delete(listener);
}
