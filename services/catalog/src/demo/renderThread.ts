import { parentPort } from 'node:worker_threads';
import type { DemoBeat } from './catalogue';
import { demoCover, renderDemoAudio, storedZip } from './files';

export interface RenderedDemoBeat {
  wav: Uint8Array;
  mp3: Uint8Array;
  cover: Uint8Array;
  stems: Uint8Array | null;
}

/** The files of one demo beat (runs in the render worker thread). */
export function renderDemoBeat(beat: DemoBeat): RenderedDemoBeat {
  const audio = renderDemoAudio(beat.clip);
  return {
    wav: audio.wav,
    mp3: audio.mp3,
    cover: demoCover(beat.cover.from, beat.cover.to, beat.cover.seed),
    stems: beat.stems ? storedZip([{ name: `${beat.name}/mix.wav`, data: audio.wav }]) : null,
  };
}

parentPort?.on('message', (beat: DemoBeat) => {
  try {
    parentPort!.postMessage({ ok: true, files: renderDemoBeat(beat) });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: String(error) });
  }
});
