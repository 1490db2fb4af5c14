import { parentPort } from 'node:worker_threads';
import type { DemoBeat, RenderedDemoBeat } from './demoBeat';
import { demoCover, renderDemoAudio, storedZip } from './files';

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
