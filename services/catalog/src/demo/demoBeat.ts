import type { BeatPrices } from '@beatmatch/contracts';
import type { ClipSpec } from '@beatmatch/audio/testing';

/** One demo beat as the catalogue describes it (the render worker thread gets it as a message). */
export interface DemoBeat {
  beatId: string;
  producerId: string;
  producerName: string;
  name: string;
  prices: BeatPrices;
  stems: boolean;
  clip: Omit<ClipSpec, 'seconds' | 'sampleRate'>;
  cover: { from: [number, number, number]; to: [number, number, number]; seed: number };
}

/** The files the render worker makes of one demo beat. */
export interface RenderedDemoBeat {
  wav: Uint8Array;
  mp3: Uint8Array;
  cover: Uint8Array;
  stems: Uint8Array | null;
}
