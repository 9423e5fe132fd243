// The audio worklet the recorder runs (recorder.js): it hands the microphone's samples, mixed to one channel, to
// the page in blocks of about 4096 frames, and the last block once it is told to stop.

class PCMCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.block = new Float32Array(4096);
    this.filled = 0;
    this.running = true;
    this.port.onmessage = (event) => {
      if (event.data !== "stop") return;
      this.flush();
      this.running = false;
      this.port.postMessage("done");
    };
  }

  flush() {
    if (this.filled === 0) return;
    this.port.postMessage(this.block.slice(0, this.filled));
    this.filled = 0;
  }

  process(inputs) {
    if (!this.running) return false;
    const channels = inputs[0] ?? [];
    const frames = channels[0]?.length ?? 0;
    for (let frame = 0; frame < frames; frame++) {
      let sum = 0;
      for (const channel of channels) sum += channel[frame];
      this.block[this.filled++] = sum / channels.length;
      if (this.filled === this.block.length) this.flush();
    }
    return true;
  }
}

registerProcessor("pcm-capture", PCMCapture);
