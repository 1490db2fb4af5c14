import { parentPort } from 'node:worker_threads';
import { loadSentenceEncoder, type SentenceEncoder } from './sentenceModel';

/** The sentence encoder's thread: fetches the model on first use, then embeds one batch at a time. */
let encoder: Promise<SentenceEncoder> | undefined;

parentPort?.on('message', async (job: { id: number; texts: string[] }) => {
  try {
    encoder ??= loadSentenceEncoder();
    const vectors = await (await encoder).embed(job.texts);
    parentPort!.postMessage(
      { id: job.id, vectors },
      vectors.map((vector) => vector.buffer as ArrayBuffer),
    );
  } catch (error) {
    encoder = undefined;
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
