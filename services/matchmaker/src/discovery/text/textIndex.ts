import type { PoolBeat } from '../../beats/beat';
import { packBeats, type PackedBeats } from '../similarity';
import { describeBeat } from './description';
import { EncoderStoppedError } from './encoderClient';
import { SENTENCE_DIMENSIONS } from './sentenceModel';

export interface BackgroundEncoder {
  embedInBackground(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * Descriptions embedded per batch: a query waits for the batch in the model before it, and a
 * description is up to the model's 128 tokens (about 8 ms on one core), so two at a time.
 */
const BATCH = 2;
const NO_VECTOR = new Float32Array(0);

/**
 * Each playable beat's sentence vector (its description embedded by the sentence model), kept per beat
 * and made in the background whenever the pool hands out a new array of beats (a beat published,
 * renamed, or its DNA changed): a search never waits for a beat to be embedded, and a beat not embedded
 * yet is still found by its tempo, key, voice and tags.
 */
export class TextIndex {
  private readonly vectors = new Map<string, { description: string; vector: Float32Array }>();
  private readonly queued = new Set<string>();
  private packed = new WeakMap<readonly PoolBeat[], PackedBeats>();
  private lastIndexed: readonly PoolBeat[] | undefined;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly encoder: BackgroundEncoder,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Queues the beats whose description has no vector yet (once per array the pool hands out). */
  index(beats: readonly PoolBeat[]): void {
    if (beats === this.lastIndexed) return;
    this.lastIndexed = beats;
    const missing: Array<{ beatId: string; description: string }> = [];
    for (const beat of beats) {
      const description = describeBeat(beat);
      if (this.vectors.get(beat.beatId)?.description === description || this.queued.has(beat.beatId))
        continue;
      this.queued.add(beat.beatId);
      missing.push({ beatId: beat.beatId, description });
    }
    for (let start = 0; start < missing.length; start += BATCH) {
      const batch = missing.slice(start, start + BATCH);
      this.work = this.work.then(() => this.embed(batch));
    }
  }

  private async embed(batch: Array<{ beatId: string; description: string }>): Promise<void> {
    try {
      const vectors = await this.encoder.embedInBackground(batch.map((entry) => entry.description));
      batch.forEach(({ beatId, description }, i) =>
        this.vectors.set(beatId, { description, vector: vectors[i]! }),
      );
      // The packed copies hold the old vectors: pack again on the next search.
      this.packed = new WeakMap();
    } catch (error) {
      // Closed at shutdown: every queued batch is refused, which is no fault to report a line each.
      if (!(error instanceof EncoderStoppedError)) this.onError(error);
    } finally {
      for (const { beatId } of batch) this.queued.delete(beatId);
    }
  }

  /** Resolves when everything queued so far is embedded (tests, benches, start-up). */
  settled(): Promise<void> {
    return this.work;
  }

  /** How many of the beats have a vector. */
  embeddedCount(beats: readonly PoolBeat[]): number {
    return beats.filter((beat) => this.vectors.has(beat.beatId)).length;
  }

  /** The beats' sentence vectors packed for a scan (cached while the array and the vectors stay). */
  pack(beats: readonly PoolBeat[]): PackedBeats {
    return packBeats(
      beats,
      SENTENCE_DIMENSIONS,
      (beat) => this.vectors.get(beat.beatId)?.vector ?? NO_VECTOR,
      this.packed,
    );
  }
}
