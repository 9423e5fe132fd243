// Sounds as the pages use them: the list, which one is a pet's shutter sound, and playing one in the browser
// (the WAV from /media/sounds/ID).

import { call } from "./api.js";

/** The built-in sound the core plays for a pet when neither the pet nor the settings name one. */
export const fallbackShutterSound = "clicker";

/** Every sound, built-in, imported and recorded, oldest first. */
export async function allSounds() {
  const sounds = [];
  let cursor = null;
  do {
    const page = await call("sounds.list", { order: "oldest", limit: 500, cursor: cursor ?? undefined });
    sounds.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return sounds;
}

/** The id of the sound the shutter plays for `pet`: its own, else the settings' default, else the built-in. */
export function shutterSoundOf(pet, settings) {
  return pet?.shutterSoundId || settings?.shutterSoundId || fallbackShutterSound;
}

/** The URL of a sound's WAV. */
export function soundURL(id) {
  return `/media/sounds/${encodeURIComponent(id)}`;
}

/**
 * Plays the sound `id` and answers once it has ended (or could not play, or after `longest` milliseconds, so
 * that a sound that never ends holds nothing up).
 */
export function playSound(id, longest = 4000) {
  return new Promise((resolve, reject) => {
    const audio = new Audio(soundURL(id));
    const timer = setTimeout(resolve, longest);
    const done = (error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    audio.addEventListener("ended", () => done());
    audio.addEventListener("error", () => done(new Error(audio.error?.message || "the sound did not play")));
    audio.play().catch(done);
  });
}

/** The web app's refusal of an upload: its HTTP status and message. */
export class UploadRefused extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Sends the WAV file `blob` to /api/upload/sound as a sound called `title`, a voice note on the entry or photo
 * `noteOf` names (`{entry: ID}` or `{photo: ID}`) when it names one. Answers the sound (or the note); throws
 * UploadRefused with the web app's or the core's message.
 */
export async function uploadSound(blob, name, title, noteOf = {}) {
  // Percent-encoded as a path is (a space as %20): the web app reads a "+" in a query as a plus.
  let query = `title=${encodeURIComponent(title)}`;
  if (noteOf.entry) query += `&entry=${encodeURIComponent(noteOf.entry)}`;
  if (noteOf.photo) query += `&photo=${encodeURIComponent(noteOf.photo)}`;
  const response = await fetch(`/api/upload/sound?${query}`, {
    method: "POST",
    headers: { "X-Filename": name },
    body: blob,
  });
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    // Not JSON: the status says enough.
  }
  if (!response.ok) throw new UploadRefused(response.status, answer?.error?.message ?? `HTTP ${response.status}`);
  return answer;
}

/** A file name for a recording made now, e.g. "sound-20261129-013405.wav". */
export function recordingName(prefix) {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${prefix}-${stamp}.wav`;
}
