import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ClipSpec } from '@beatmatch/audio/testing';
import type { BlobStore, Logger } from '@beatmatch/platform';
import { beatFileKey, coverKey, type BeatFileType } from '@beatmatch/contracts';
import type { BeatCommands, UploadWorkflowStarter } from '../beats/commands';
import type { CatalogQueries } from '../beats/readModel';
import type { DemoBeat, RenderedDemoBeat } from './demoBeat';

/**
 * The embedded profile's demo catalogue (issue 8, item 7): about 60 beats from 6 demo producers across
 * the spec's genres, made by the project's own synthesiser, published THROUGH THE REAL UPLOAD PATH —
 * drafted, files stored under the §3 keys and recorded, received with a cover, then the same Temporal
 * workflow verifies them, runs the DNA engine and publishes catalog.BeatPublished (demo: true).
 *
 * Demo producers are fixed ids and names in the catalog only (no sign-in accounts: the catalogue is
 * for browsing and swiping). Beat ids are derived from the beat's number, so an interrupted seed
 * resumes where it stopped and a deleted demo beat is not brought back.
 */

type Style = Omit<ClipSpec, 'seed' | 'seconds' | 'sampleRate' | 'tonic' | 'bpm'> & {
  bpm: [number, number];
};
interface DemoProducer {
  name: string;
  words: [string[], string[]];
  colours: [[number, number, number], [number, number, number]];
  styles: Style[];
}

export const DEMO_PRODUCERS: readonly DemoProducer[] = [
  {
    name: 'Nova Kane',
    words: [
      ['Midnight', 'Cold', 'Neon', 'Heavy', 'Night', 'Ghost', 'Chrome', 'Dark', 'Silent', 'Iron'],
      ['Drip', 'Run', 'Smoke', 'Vault', 'Shift', 'Crown', 'Orbit', 'Static', 'Glare', 'Flex'],
    ],
    colours: [
      [40, 20, 80],
      [220, 40, 120],
    ],
    styles: [
      { bpm: [130, 150], beatsPerBar: 4, feel: 'halfTime', mode: 'minor', timbre: 'A', hatsPerBeat: 4 },
      { bpm: [136, 146], beatsPerBar: 4, feel: 'halfTime', mode: 'minor', timbre: 'B', hatsPerBeat: 4 },
    ],
  },
  {
    name: 'Lo-Fi Lane',
    words: [
      ['Rainy', 'Sunday', 'Dusty', 'Warm', 'Late', 'Paper', 'Velvet', 'Quiet', 'Soft', 'Amber'],
      ['Window', 'Tape', 'Coffee', 'Notes', 'Streets', 'Pages', 'Light', 'Walk', 'Rooms', 'Vinyl'],
    ],
    colours: [
      [230, 180, 120],
      [90, 70, 140],
    ],
    styles: [
      { bpm: [70, 88], beatsPerBar: 4, feel: 'swing', mode: 'major', timbre: 'C' },
      { bpm: [74, 90], beatsPerBar: 4, feel: 'swing', mode: 'minor', timbre: 'D' },
    ],
  },
  {
    name: 'Casa Pulse',
    words: [
      ['Golden', 'Deep', 'Electric', 'Summer', 'Open', 'Higher', 'Glass', 'Future', 'Bright', 'Lucid'],
      ['Floor', 'Hours', 'Motion', 'Signal', 'Waves', 'Lights', 'Rush', 'Skyline', 'Echo', 'Pulse'],
    ],
    colours: [
      [20, 160, 200],
      [250, 230, 90],
    ],
    styles: [
      {
        bpm: [118, 126],
        beatsPerBar: 4,
        feel: 'straight',
        pattern: 'fourOnFloor',
        mode: 'minor',
        timbre: 'E',
        hatsPerBeat: 4,
      },
      {
        bpm: [120, 128],
        beatsPerBar: 4,
        feel: 'straight',
        pattern: 'fourOnFloor',
        mode: 'major',
        timbre: 'B',
        hatsPerBeat: 4,
      },
    ],
  },
  {
    name: 'Dembow District',
    words: [
      ['Caliente', 'Noche', 'Fuego', 'Ritmo', 'Calle', 'Luna', 'Sol', 'Playa', 'Dulce', 'Loco'],
      ['Perreo', 'Baile', 'Vibra', 'Flow', 'Party', 'Sabor', 'Tumbao', 'Gira', 'Ola', 'Corazón'],
    ],
    colours: [
      [250, 90, 40],
      [120, 20, 60],
    ],
    styles: [
      { bpm: [88, 100], beatsPerBar: 4, feel: 'straight', pattern: 'dembow', mode: 'minor', timbre: 'B' },
      { bpm: [90, 98], beatsPerBar: 4, feel: 'straight', pattern: 'dembow', mode: 'major', timbre: 'A' },
    ],
  },
  {
    name: 'Island Roots',
    words: [
      ['Irie', 'Roots', 'Green', 'Easy', 'Sunrise', 'Humble', 'Blessed', 'Natural', 'Steady', 'Rolling'],
      ['Rock', 'Riddim', 'Harbour', 'Breeze', 'Hills', 'Yard', 'Groove', 'Tide', 'Skank', 'Road'],
    ],
    colours: [
      [30, 140, 60],
      [240, 200, 40],
    ],
    styles: [
      { bpm: [70, 82], beatsPerBar: 4, feel: 'straight', pattern: 'oneDrop', mode: 'major', timbre: 'D' },
      { bpm: [72, 80], beatsPerBar: 4, feel: 'straight', pattern: 'oneDrop', mode: 'minor', timbre: 'C' },
    ],
  },
  {
    name: 'Velvet Keys',
    words: [
      ['Slow', 'Silk', 'Blue', 'Tender', 'Honey', 'Lover', 'Faded', 'Gentle', 'Crystal', 'Hazy'],
      ['Dance', 'Promise', 'Waltz', 'Heart', 'Letters', 'Moon', 'Embrace', 'Ballad', 'Dream', 'Touch'],
    ],
    colours: [
      [200, 60, 90],
      [40, 30, 60],
    ],
    styles: [
      { bpm: [84, 104], beatsPerBar: 4, feel: 'straight', mode: 'major', timbre: 'C' },
      { bpm: [78, 96], beatsPerBar: 3, feel: 'straight', mode: 'minor', timbre: 'E' },
    ],
  },
];

/** A uuid derived from a name (SHA-1, version-5 layout), so demo ids are the same on every machine. */
export function demoId(name: string): string {
  const hex = createHash('sha1').update(`beatmatch-demo:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The demo beats, in seeding order (producers take turns, so the first beats already vary). */
export function demoBeats(count = 60): DemoBeat[] {
  const beats: DemoBeat[] = [];
  for (let index = 0; index < count; index++) {
    const p = index % DEMO_PRODUCERS.length;
    const round = Math.floor(index / DEMO_PRODUCERS.length);
    const producer = DEMO_PRODUCERS[p]!;
    const style = producer.styles[round % producer.styles.length]!;
    const [low, high] = style.bpm;
    const bpm = low + ((round * 7 + p * 3) % (high - low + 1));
    const { bpm: _range, ...rest } = style;
    const [first, second] = producer.words;
    const name = `${first[round % first.length]} ${second[(round * 3 + p) % second.length]}`;
    const stems = round % 3 === 1;
    const firstDate = 1999 + ((round * 500 + p * 300) % 3000);
    beats.push({
      beatId: demoId(`beat-${index}`),
      producerId: demoId(`producer-${p}`),
      producerName: producer.name,
      name,
      prices: { firstDate, relationship: firstDate * 2, marriage: stems ? firstDate * 10 : null },
      stems,
      clip: { ...rest, bpm, seed: 1000 + index, tonic: (round * 7 + p * 5) % 12 },
      cover: { from: producer.colours[0], to: producer.colours[1], seed: index },
    });
  }
  return beats;
}

export interface DemoSeedDeps {
  commands: BeatCommands;
  queries: CatalogQueries;
  blobs: () => Promise<BlobStore>;
  workflow: UploadWorkflowStarter;
  logger: Logger;
  beats?: number;
  /** Checked between beats: the service is stopping. */
  stopped?: () => boolean;
  /** How often the seed looks whether the workflow published a beat (ms, default 1000). */
  pollMs?: number;
}

/**
 * Beats finalized but not yet published that the seed lets wait at once. Rendering beat n+1 overlaps
 * the analysis of beat n, but the seed does not run ahead: on a busy machine 60 finalized beats would
 * share the CPU and be published together at the end; this way the first beats are heard first.
 */
export const DEMO_BEATS_IN_FLIGHT = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits while `atMost` or more beats are pending analysis (or until stopped / 30 minutes). */
async function untilPendingBelow(
  deps: Pick<DemoSeedDeps, 'queries' | 'stopped' | 'pollMs'>,
  atMost: number,
): Promise<void> {
  const until = Date.now() + 30 * 60_000;
  while (!deps.stopped?.() && Date.now() < until && (await deps.queries.pendingAnalysis()).length >= atMost)
    await pause(deps.pollMs ?? 1000);
}

/** Waits until the upload workflow has published (or failed) every finalized beat. */
export const untilNothingPending = (
  deps: Pick<DemoSeedDeps, 'queries' | 'pollMs'>,
  stopped: () => boolean,
): Promise<void> => untilPendingBelow({ ...deps, stopped }, 1);

async function put(blobs: BlobStore, key: string, bytes: Uint8Array, contentType: string) {
  await blobs.put(key, Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)]), {
    contentType,
  });
}

/** One worker thread renders the demo beats one after another (see ./renderWorker.cjs). */
class DemoRenderer {
  private readonly worker = new Worker(require.resolve('./renderWorker.cjs'));

  render(beat: DemoBeat): Promise<RenderedDemoBeat> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.worker.once('error', onError);
      this.worker.once(
        'message',
        (answer: { ok: true; files: RenderedDemoBeat } | { ok: false; message: string }) => {
          this.worker.off('error', onError);
          if (answer.ok) resolve(answer.files);
          else reject(new Error(answer.message));
        },
      );
      this.worker.postMessage(beat);
    });
  }

  close() {
    return this.worker.terminate();
  }
}

/** Stores one demo beat's files and finalizes it; the upload workflow does the rest. */
async function seedOne(
  deps: DemoSeedDeps,
  blobs: BlobStore,
  renderer: DemoRenderer,
  beat: DemoBeat,
): Promise<boolean> {
  const { commands } = deps;
  const existing = await commands.getBeat(beat.beatId);
  if (existing && existing.status !== 'draft') return false; // seeded before (pending ones resume by themselves)
  await commands.draftBeat({
    beatId: beat.beatId,
    producerId: beat.producerId,
    producerName: beat.producerName,
    name: beat.name,
    kind: 'public',
    prices: beat.prices,
    demo: true,
  });
  if (!(await commands.getBeat(beat.beatId))) return false; // a demo beat someone deleted stays deleted
  const rendered = await renderer.render(beat);
  await untilPendingBelow(deps, DEMO_BEATS_IN_FLIGHT);
  if (deps.stopped?.()) return false; // finalized at the next start
  const files: Array<[BeatFileType, string, Uint8Array, string]> = [
    ['snippet', beatFileKey(beat.beatId, 'snippet'), rendered.mp3, 'audio/mpeg'],
    ['mp3', beatFileKey(beat.beatId, 'mp3'), rendered.mp3, 'audio/mpeg'],
    ['wav', beatFileKey(beat.beatId, 'wav'), rendered.wav, 'audio/wav'],
  ];
  if (rendered.stems)
    files.push(['trackout', beatFileKey(beat.beatId, 'trackout', 'zip'), rendered.stems, 'application/zip']);
  for (const [type, key, bytes, contentType] of files) {
    await put(blobs, key, bytes, contentType);
    await commands.recordFile(beat.beatId, type, key, bytes.length);
  }
  const cover = { key: coverKey(beat.beatId, 'demo', 'image/png'), contentType: 'image/png' as const };
  await put(blobs, cover.key, rendered.cover, cover.contentType);
  await commands.receiveFiles(beat.beatId, { name: beat.name, zipUploaded: beat.stems, cover });
  await deps.workflow.start(beat.beatId);
  return true;
}

/**
 * Seeds the demo catalogue unless the catalogue holds real beats and never had demo ones (`skipped`).
 * Returns how many beats it finalized and how long that took; the workflow publishes them meanwhile,
 * at most DEMO_BEATS_IN_FLIGHT waiting at once, so they come out in order.
 */
export async function seedDemoCatalogue(
  deps: DemoSeedDeps,
): Promise<{ finalized: number; ms: number; skipped: boolean }> {
  const started = Date.now();
  const counts = await deps.queries.beatCounts();
  if (counts.all > 0 && counts.demo === 0) return { finalized: 0, ms: 0, skipped: true };
  const blobs = await deps.blobs();
  const renderer = new DemoRenderer();
  let finalized = 0;
  try {
    for (const beat of demoBeats(deps.beats)) {
      if (deps.stopped?.()) break;
      try {
        if (await seedOne(deps, blobs, renderer, beat)) finalized++;
      } catch (error) {
        deps.logger.warn({ err: error, beatId: beat.beatId }, 'a demo beat could not be seeded');
      }
    }
  } finally {
    await renderer.close();
  }
  return { finalized, ms: Date.now() - started, skipped: false };
}
