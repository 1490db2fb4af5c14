// The wizard's audio work in the browser (producer-side spec §4): the WAV decoded, converted to a
// 320 kbps stereo MP3 in a Web Worker, and the 30-second snippet cut from it and encoded the same way.
import type { EncodeReply, EncodeRequest } from './mp3.worker';

export const SNIPPET_SECONDS = 30;
export const SNIPPET_DEFAULT_START = 60;
/** MP3 output rates LAME takes; anything else is resampled to 44.1 kHz while decoding. */
const MP3_RATES = [32000, 44100, 48000];

export interface DecodedAudio {
  channels: [Float32Array, Float32Array];
  sampleRate: number;
  duration: number;
}

/** Decodes a WAV file into two channels (mono is doubled) at an MP3 sample rate. */
export async function decodeWav(file: Blob): Promise<DecodedAudio> {
  const bytes = await file.arrayBuffer();
  const header = new DataView(bytes);
  // The fmt chunk's sample rate sits at byte 24 of a canonical WAV; decode at it when LAME takes it.
  const declared = bytes.byteLength > 28 ? header.getUint32(24, true) : 44100;
  const sampleRate = MP3_RATES.includes(declared) ? declared : 44100;
  const context = new OfflineAudioContext(2, 1, sampleRate);
  const buffer = await context.decodeAudioData(bytes);
  const left = buffer.getChannelData(0);
  const right = buffer.numberOfChannels > 1 ? buffer.getChannelData(1) : left;
  return { channels: [left, right], sampleRate: buffer.sampleRate, duration: buffer.duration };
}

/** The snippet region for a beat of `duration` seconds: 60–90 s by default, earlier for short beats. */
export function defaultSnippet(duration: number): { start: number; end: number } {
  const length = Math.min(SNIPPET_SECONDS, duration);
  const start = Math.max(0, Math.min(SNIPPET_DEFAULT_START, duration - length));
  return { start, end: start + length };
}

/** The samples between two times (seconds), both channels. */
export function cut(audio: DecodedAudio, start: number, end: number): DecodedAudio {
  const from = Math.max(0, Math.floor(start * audio.sampleRate));
  const to = Math.min(audio.channels[0].length, Math.floor(end * audio.sampleRate));
  return {
    channels: [audio.channels[0].slice(from, to), audio.channels[1].slice(from, to)],
    sampleRate: audio.sampleRate,
    duration: (to - from) / audio.sampleRate,
  };
}

let worker: Worker | undefined;
let nextId = 1;

/** Encodes to a 320 kbps stereo MP3 in the worker; `onProgress` gets 0..1. */
export function encodeMp3(audio: DecodedAudio, onProgress?: (done: number) => void): Promise<Blob> {
  worker ??= new Worker(new URL('./mp3.worker.ts', import.meta.url));
  const id = nextId++;
  const active = worker;
  return new Promise((resolve, reject) => {
    const listener = (event: MessageEvent<EncodeReply>) => {
      const reply = event.data;
      if (reply.id !== id) return;
      if (reply.type === 'progress') {
        onProgress?.(reply.done);
        return;
      }
      active.removeEventListener('message', listener);
      if (reply.type === 'done')
        resolve(new Blob([reply.mp3 as Uint8Array<ArrayBuffer>], { type: 'audio/mpeg' }));
      else reject(new Error(reply.message));
    };
    active.addEventListener('message', listener);
    active.addEventListener('error', (event) => reject(new Error(event.message)), { once: true });
    // Copies, so the decoded WAV stays usable for the waveform and the snippet.
    const channels: [Float32Array, Float32Array] = [audio.channels[0].slice(), audio.channels[1].slice()];
    const request: EncodeRequest = { id, channels, sampleRate: audio.sampleRate };
    active.postMessage(request, [channels[0].buffer, channels[1].buffer]);
  });
}
