// The WAV → MP3 encoder (320 kbps CBR, stereo) in a Web Worker, so the page stays responsive.
// LAME (LGPL) comes compiled to WebAssembly by wasm-media-encoders (MIT); it lives in this worker's
// own chunk and its .wasm file, apart from the application's code.
import { createEncoder } from 'wasm-media-encoders';

export interface EncodeRequest {
  id: number;
  channels: [Float32Array, Float32Array];
  sampleRate: number;
}
export type EncodeReply =
  | { id: number; type: 'progress'; done: number }
  | { id: number; type: 'done'; mp3: Uint8Array }
  | { id: number; type: 'error'; message: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<EncodeRequest>) => void) | null;
  postMessage(message: EncodeReply, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

const wasmUrl = new URL('wasm-media-encoders/wasm/mp3', import.meta.url);
let wasm: Promise<ArrayBuffer> | undefined;

/** Frames of 1152 samples; a chunk of 64 frames keeps progress messages few. */
const CHUNK = 1152 * 64;

async function encode({ id, channels, sampleRate }: EncodeRequest): Promise<void> {
  wasm ??= fetch(wasmUrl).then((response) => {
    if (!response.ok) throw new Error(`Could not load the MP3 encoder (${response.status})`);
    return response.arrayBuffer();
  });
  const encoder = await createEncoder('audio/mpeg', await wasm);
  encoder.configure({ channels: 2, sampleRate, bitrate: 320 });
  const [left, right] = channels;
  const parts: Uint8Array[] = [];
  let size = 0;
  const keep = (bytes: Uint8Array) => {
    // The encoder owns its output buffer: copy.
    parts.push(bytes.slice());
    size += bytes.length;
  };
  let lastReport = 0;
  for (let start = 0; start < left.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, left.length);
    keep(encoder.encode([left.subarray(start, end), right.subarray(start, end)]));
    const done = end / left.length;
    if (done - lastReport >= 0.01) {
      lastReport = done;
      scope.postMessage({ id, type: 'progress', done });
    }
  }
  keep(encoder.finalize());
  const mp3 = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    mp3.set(part, offset);
    offset += part.length;
  }
  scope.postMessage({ id, type: 'done', mp3 }, [mp3.buffer]);
}

scope.onmessage = (event) => {
  encode(event.data).catch((error: unknown) =>
    scope.postMessage({
      id: event.data.id,
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    }),
  );
};
