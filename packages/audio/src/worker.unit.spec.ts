// The worker-thread API and the CLI, through their real entry points (tsx registered in the worker).
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  analyze,
  analysisByteLimit,
  closeDnaWorkers,
  DnaError,
  dnaWorkerStats,
  fingerprint,
  MAX_ANALYSED_SECONDS,
} from './index';
import { createRandom, renderClickTrack } from './testing/synth';
import { encodeWav } from './testing/wavEncoder';

const clickWav = (bpm: number, seconds: number) =>
  encodeWav([renderClickTrack(bpm, seconds).samples], { sampleRate: 44100 });

describe('analyze (worker thread)', () => {
  it('returns the DNA without blocking the event loop', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = Date.now();
    const dna = await analyze(clickWav(120, 20));
    const elapsed = Date.now() - started;
    clearInterval(timer);
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
    // The loop kept ticking while the worker worked (at least a third of the ideal count).
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
  });

  it('rejects with the DnaError code from the worker', async () => {
    const error = await analyze(new TextEncoder().encode('not audio at all, just text'.repeat(100))).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(DnaError);
    expect(error.code).toBe('UNSUPPORTED_FORMAT');
  });

  it('rejects random bytes named .mp3 as CORRUPT', async () => {
    const random = createRandom(9);
    const garbage = Uint8Array.from({ length: 200_000 }, () => Math.floor(random() * 256));
    const error = await analyze(garbage, { filename: 'noise.mp3' }).catch((e) => e);
    expect(error).toBeInstanceOf(DnaError);
    expect(error.code).toBe('CORRUPT');
  });

  it('decodes MP3 (mpg123 WASM) in the worker', async () => {
    const bytes = new Uint8Array(readFileSync(join(__dirname, 'testing/fixtures/beat-120bpm-a-minor.mp3')));
    const dna = await analyze(bytes, { filename: 'beat.mp3' });
    expect(dna.source.format).toBe('mp3');
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
    expect(dna.keyPrediction.value).toBe('A minor');
  });

  it('does not leave the caller with a detached buffer', async () => {
    const bytes = clickWav(100, 6);
    await analyze(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    const buffer = Buffer.from(clickWav(100, 6)); // Buffer.slice() would be a view, not a copy
    await analyze(buffer);
    expect(buffer.byteLength).toBeGreaterThan(0);
    expect(buffer.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('keeps only the bytes the capped analysis needs from a long WAV', () => {
    const head = clickWav(120, 1).subarray(0, 4096);
    const oneHourBytes = 44 + 3600 * 44100 * 2;
    expect(analysisByteLimit(head, oneHourBytes)).toBe(44 + (MAX_ANALYSED_SECONDS * 44100 + 1) * 2);
  });
});

describe('DNA worker pool', () => {
  beforeAll(() => closeDnaWorkers());
  afterAll(() => closeDnaWorkers());

  it('loads the models once per worker: a second analysis reuses the sessions', async () => {
    await analyze(clickWav(100, 8));
    const first = dnaWorkerStats();
    expect(first.started).toBe(1);
    expect(first.workers).toHaveLength(1);
    expect(first.workers[0]!.info).toEqual({ requests: 1, modelLoads: { voice: 1, notes: 1, tagger: 1 } });

    const dna = await analyze(clickWav(120, 8));
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
    expect(dna.warnings.filter((w) => /model/.test(w))).toEqual([]);
    await fingerprint(clickWav(90, 8));
    const after = dnaWorkerStats();
    expect(after.started).toBe(1);
    expect(after.workers).toEqual([
      {
        threadId: first.workers[0]!.threadId,
        busy: false,
        served: 3,
        info: { requests: 3, modelLoads: { voice: 1, notes: 1, tagger: 1 } },
      },
    ]);
  });

  it('replaces a worker that timed out; the fresh one loads its own models', async () => {
    const before = dnaWorkerStats();
    const error = await analyze(clickWav(120, 20), { timeoutMs: 5 }).catch((e) => e);
    expect(error).toBeInstanceOf(DnaError);
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toBe('The DNA analysis did not finish within 5 ms.');
    expect(dnaWorkerStats().workers).toEqual([]);

    const dna = await analyze(clickWav(120, 8));
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
    const after = dnaWorkerStats();
    expect(after.started).toBe(before.started + 1);
    expect(after.workers).toHaveLength(1);
    expect(after.workers[0]!.threadId).not.toBe(before.workers[0]?.threadId);
    expect(after.workers[0]!.info).toEqual({ requests: 1, modelLoads: { voice: 1, notes: 1, tagger: 1 } });
  });
});

describe('beatmatch-dna CLI', () => {
  const run = promisify(execFile);
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'dna-cli-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('prints the DNA as JSON', async () => {
    const file = join(directory, 'click.wav');
    writeFileSync(file, clickWav(120, 10));
    const { stdout } = await run(process.execPath, [join(__dirname, '../bin/beatmatch-dna.cjs'), file]);
    const dna = JSON.parse(stdout);
    expect(Math.abs(dna.bpm.value - 120)).toBeLessThanOrEqual(1);
    expect(dna.version).toBe('dna-1');
  });

  it('exits 1 with a clear message for a file that is not audio', async () => {
    const file = join(directory, 'notes.txt');
    writeFileSync(file, 'hello');
    const error = await run(process.execPath, [join(__dirname, '../bin/beatmatch-dna.cjs'), file]).catch(
      (e) => e,
    );
    expect(error.code).toBe(1);
    expect(error.stderr).toMatch(/UNSUPPORTED_FORMAT: The file is not a WAV or MP3 audio file\./);
  });
});
