import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@beatmatch/platform';
import { FILE_MESSAGES, FINGERPRINT_MATCH_REASON, type DemoAudio } from '@beatmatch/catalog';
import { startEmbedded, type EmbeddedSystem } from './index';
import { signedInClient } from './apiClient';
import {
  coverPng,
  createDraft,
  draftWithFiles,
  eventually,
  finalizeForm,
  publishedBeat,
  sendFile,
  soundOf,
} from './fixtures/world';

/**
 * The catalog as shipped (its composition root in the embedded app, not a wiring built by the test):
 * the confirm step checks a file's content (index.ts hands `verifyUploadedFile` to the routes), and
 * the upload workflow refuses another producer's published audio (index.ts hands it the fingerprint
 * index). Either part left out of index.ts turns this red.
 */
const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;
let sound: DemoAudio;

beforeAll(async () => {
  // Rendered first: encoding would block the embedded system's event loop (same process).
  sound = soundOf(21);
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-catalog-shipped-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
}, 240_000);
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('refuses PNG bytes confirmed as a WAV with 400 and the spec’s message', async () => {
  const producer = await signedInClient(system, 'pngproducer', 'prod');
  const beatId = await createDraft(producer, 'Not Audio');
  const confirmed = await sendFile(system, producer, beatId, 'wav', coverPng());
  expect({ status: confirmed.status, message: confirmed.body.message }).toEqual({
    status: 400,
    message: FILE_MESSAGES.wav,
  });
});

it('fails producer B’s upload of producer A’s published audio with fingerprintMatch', async () => {
  const first = await signedInClient(system, 'producera', 'prod');
  const second = await signedInClient(system, 'producerb', 'prod');
  await publishedBeat(system, first, 'Original', sound);

  const copy = await draftWithFiles(system, second, 'Copy', sound);
  expect((await second.postForm('beatmatch_upload_beat', finalizeForm('Copy', copy))).status).toBe(200);
  // Settled either way (published or failed), so a missing guard shows as a published copy.
  type Row = { beatId: string; failedReason: string | null };
  type Listed = { failed: Row[]; uploaded: Row[] };
  const settled = await eventually(async () => {
    const listed = (await second.post<Listed>('beatmatch_manage_beats')).body;
    const failed = listed.failed.find((row) => row.beatId === copy);
    if (failed) return { state: 'failed', failedReason: failed.failedReason };
    return listed.uploaded.some((row) => row.beatId === copy) ? { state: 'published' } : undefined;
  }, 120_000);
  expect(settled).toEqual({ state: 'failed', failedReason: FINGERPRINT_MATCH_REASON });
}, 240_000);
