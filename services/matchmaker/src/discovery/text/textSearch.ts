import type { Logger } from '@beatmatch/platform';
import type { BeatPool } from '../../beats/pool';
import { EncoderThread } from './encoderClient';
import type { SentenceEncoder } from './sentenceModel';
import { TextIndex } from './textIndex';

/** How often the index looks for beats the pool changed (published, renamed, new DNA). */
const INDEX_EVERY_MS = 2_000;
/** Query vectors kept (a text asked again, or by another artist, skips the model). */
const REMEMBERED_QUERIES = 1_000;

/**
 * The texts' vectors most recently asked for, oldest first (a Map keeps insertion order). The key is
 * the text as the uncased model reads it: case and runs of spaces make no other vector.
 */
class QueryVectors {
  private readonly vectors = new Map<string, Float32Array>();
  static key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

  get(key: string): Float32Array | undefined {
    const vector = this.vectors.get(key);
    if (vector) {
      this.vectors.delete(key);
      this.vectors.set(key, vector);
    }
    return vector;
  }

  set(key: string, vector: Float32Array) {
    this.vectors.set(key, vector);
    if (this.vectors.size > REMEMBERED_QUERIES) this.vectors.delete(this.vectors.keys().next().value!);
  }
}

export interface TextSearch {
  index: TextIndex;
  /** The text's sentence vector; null while the model is still loading or when it failed. */
  queryVector(text: string): Promise<Float32Array | null>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Text search's moving parts: the sentence encoder's thread and the index of beat vectors, kept
 * current from the pool in the background (started with the service, stopped with it).
 */
export function textSearchParts(pool: BeatPool, logger: Logger, encoder?: SentenceEncoder): TextSearch {
  const thread = encoder ? undefined : new EncoderThread();
  const onError = (error: unknown) => logger.warn({ err: error }, 'text search: the sentence encoder failed');
  const index = new TextIndex(
    encoder ? { embedInBackground: (texts) => encoder.embed(texts) } : thread!,
    onError,
  );
  const remembered = new QueryVectors();
  let timer: ReturnType<typeof setInterval> | undefined;
  const refresh = () =>
    void pool.activePlayable().then(
      (beats) => index.index(beats),
      () => undefined,
    );
  return {
    index,
    async queryVector(text) {
      if (thread && !thread.ready) return null;
      const key = QueryVectors.key(text);
      const known = remembered.get(key);
      if (known) return known;
      try {
        const [vector] = await (thread ?? encoder!).embed([key]);
        if (vector) remembered.set(key, vector);
        return vector ?? null;
      } catch (error) {
        onError(error);
        return null;
      }
    },
    start() {
      refresh();
      timer = setInterval(refresh, INDEX_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await thread?.close();
    },
  };
}
