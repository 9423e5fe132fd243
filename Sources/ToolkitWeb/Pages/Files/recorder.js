// Recording a sound in the browser: the microphone (getUserMedia) through an audio worklet that hands over its
// samples, encoded when it stops as a 16-bit mono PCM WAV file, the kind the core's WAV reader takes.

import { say } from "./dom.js";
import { t } from "./strings.js";

/** Turns samples (Float32Arrays from -1 to 1) at `rate` frames a second into a 16-bit mono PCM WAV file. */
export function wavFile(chunks, rate) {
  const frames = chunks.reduce((count, chunk) => count + chunk.length, 0);
  const view = new DataView(new ArrayBuffer(44 + frames * 2));
  const text = (offset, letters) => {
    for (let index = 0; index < letters.length; index++) view.setUint8(offset + index, letters.charCodeAt(index));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + frames * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // the fmt chunk's length
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // one channel
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a frame
  view.setUint16(34, 16, true); // bits a sample
  text(36, "data");
  view.setUint32(40, frames * 2, true);
  let offset = 44;
  for (const chunk of chunks) {
    for (const sample of chunk) {
      const clamped = Math.max(-1, Math.min(1, sample));
      view.setInt16(offset, clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff, true);
      offset += 2;
    }
  }
  return new Blob([view.buffer], { type: "audio/wav" });
}

/**
 * Starts recording from the microphone. Answers `{stop}`: `stop()` answers the WAV file (a Blob) of what was
 * recorded and lets the microphone go. Throws when the browser or the person refuses the microphone.
 */
export async function startRecording() {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error("this page may not use the microphone here");
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  });
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule("/app/recorder-worklet.js");
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, "pcm-capture");
    // The worklet writes silence; joined to the output, the browser keeps pulling samples through it.
    const silent = context.createGain();
    silent.gain.value = 0;
    source.connect(capture).connect(silent).connect(context.destination);
    const chunks = [];
    let finished;
    const done = new Promise((resolve) => (finished = resolve));
    capture.port.onmessage = (event) => {
      if (event.data === "done") finished();
      else chunks.push(event.data);
    };
    await context.resume();
    return {
      async stop() {
        capture.port.postMessage("stop");
        await done;
        for (const track of stream.getTracks()) track.stop();
        const rate = context.sampleRate;
        await context.close();
        return wavFile(chunks, rate);
      },
    };
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    await context.close();
    throw error;
  }
}

/**
 * Makes `button` (labelled `● idleLabel`) a recording switch: the first press starts recording (the page says why
 * when the microphone cannot be used) and calls `onStart`; the second stops it and calls `onStop` with the
 * recording, whose `stop()` answers the WAV file. Answers `{cancel}`, which lets go of a recording in progress.
 */
export function recordSwitch(button, idleLabel, { onStart = () => {}, onStop }) {
  let recording = null;
  button.addEventListener("click", async () => {
    if (!recording) {
      button.disabled = true;
      try {
        recording = await startRecording();
      } catch (error) {
        say(t("noMicrophone", { message: error.message }), "error");
        return;
      } finally {
        button.disabled = false;
      }
      button.textContent = `■ ${t("stopAndSave")}`;
      button.setAttribute("aria-pressed", "true");
      onStart();
      say(t("recording"));
      return;
    }
    const current = recording;
    recording = null;
    button.textContent = `● ${idleLabel}`;
    button.setAttribute("aria-pressed", "false");
    await onStop(current);
  });
  return { cancel: () => recording?.stop().catch(() => {}) };
}
