/**
 * Finalize → published for a 180-s stereo WAV (issue 8: p50 ≤ 10 s on this machine; the spec's original
 * takes 5 to 10 minutes): the catalog on PostgreSQL with the upload workflow on the real Temporal
 * server (deploy/local: DATABASE_URL, TEMPORAL_ADDRESS), files in a filesystem blob store. Each beat is
 * finalized alone and timed until catalog.BeatPublished is in the outbox (verify → DNA → publish).
 *   eval "$(bash deploy/local/env)"; npx tsx bench/catalog/uploadLatency.ts [--beats 5] [--seconds 180]
 * Prints each beat's latency, then one line of key=value pairs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { encodeWav, renderClip } from '@beatmatch/audio/testing';
import {
  createLogger,
  FilesystemBlobStore,
  generateInternalKeyPair,
  InProcessEventBus,
  InternalTokenVerifier,
  openPostgres,
} from '@beatmatch/platform';
import {
  createCatalogService,
  encodeMp3,
  temporalUploadWorkflow,
  uploadLimitsFromMb,
  type UploadWorkflow,
} from '@beatmatch/catalog';
import { beatFileKey } from '@beatmatch/contracts';
import { numberArg } from '@beatmatch/testing';

const arg = numberArg;
const beats = arg('beats', 5);
const seconds = arg('seconds', 180);
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: eval "$(bash deploy/local/env)" first`);
  return value;
};

async function main() {
  const logger = createLogger('bench', 'warn');
  const db = openPostgres(env('DATABASE_URL'));
  const schema = `catalog_bench_${process.pid}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'catalog-bench-'));
  const blobs = new FilesystemBlobStore({ root: dir, secret: 's'.repeat(40), publicUrl: '/blobs' });
  const bus = new InProcessEventBus();
  const keys = await generateInternalKeyPair();
  let flow: (UploadWorkflow & { ready(): Promise<void> }) | undefined;
  const factory = temporalUploadWorkflow({
    temporal: { address: env('TEMPORAL_ADDRESS') },
    blobs: async () => blobs,
    logger,
    taskQueue: `catalog-bench-${randomUUID()}`,
  });
  const catalog = await createCatalogService({
    db,
    bus,
    verifier: new InternalTokenVerifier(keys.publicKey),
    logger,
    blobs: async () => blobs,
    limits: uploadLimitsFromMb({ snippet: 10, mp3: 50, wav: 500, trackout: 10, cover: 1 }),
    schema,
    relayPollMs: 50,
    // The fingerprint check runs as in the service (the context carries its index).
    uploadWorkflow: (commands, context) => (flow = factory(commands, context)),
  });
  await catalog.start();
  const bundling = performance.now();
  await flow!.ready();
  console.log(`worker ready after ${Math.round(performance.now() - bundling)} ms (workflow code bundled)`);

  const times: number[] = [];
  try {
    for (let i = 0; i < beats; i++) {
      const { samples } = renderClip({
        seed: 500 + i,
        bpm: 80 + i * 13,
        beatsPerBar: 4,
        feel: i % 2 ? 'swing' : 'straight',
        tonic: (i * 5) % 12,
        mode: i % 2 ? 'major' : 'minor',
        timbre: (['A', 'B', 'C', 'D', 'E'] as const)[i % 5]!,
        seconds,
      });
      const wav = Buffer.from(encodeWav([samples, samples], { sampleRate: 44100 }));
      const snippet = encodeMp3([samples.subarray(60 * 44100, 90 * 44100)], 44100, 320);
      const beatId = randomUUID();
      await catalog.commands.draftBeat({
        beatId,
        producerId: 'bench-producer',
        producerName: 'Bench',
        name: `Bench ${i}`,
        kind: 'public',
        prices: { firstDate: 1999, relationship: 3999, marriage: null },
      });
      // The full MP3's header is what the workflow checks (the DNA reads the WAV): the snippet's bytes do.
      for (const [type, bytes] of [
        ['snippet', snippet],
        ['mp3', snippet],
        ['wav', wav],
      ] as const) {
        const key = beatFileKey(beatId, type);
        await blobs.put(key, Readable.from([bytes]));
        await catalog.commands.recordFile(beatId, type, key, bytes.length);
      }
      const started = performance.now();
      await catalog.commands.receiveFiles(beatId, { name: `Bench ${i}`, zipUploaded: false, cover: null });
      await flow!.start(beatId);
      for (;;) {
        const row = await catalog.queries.beat(beatId);
        if (row?.status === 'published') break;
        if (row?.status === 'failed') throw new Error(`beat ${i} failed: ${row.failureReason}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ms = performance.now() - started;
      times.push(ms);
      console.log(
        `beat ${i}: ${(wav.length / 1e6).toFixed(1)} MB WAV, finalize → published ${Math.round(ms)} ms`,
      );
    }
  } finally {
    await catalog.stop();
    await bus.close();
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
  console.log(
    `beats=${beats} seconds=${seconds} p50_ms=${at(0.5)} p95_ms=${at(0.95)} max_ms=${Math.round(sorted.at(-1)!)}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
