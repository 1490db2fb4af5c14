import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { createLogger } from '@beatmatch/platform';
import { renderDemoAudio, type DemoAudio } from '@beatmatch/catalog';
import { startEmbedded, type EmbeddedSystem } from './index';
import { ApiClient, signedInClient } from './apiClient';

/**
 * The upload wizard's calls through the embedded profile's gateway: CSRF and session on the API,
 * signed PUTs streamed by the gateway's blob mount, content checks on confirm, multipart finalize
 * through the proxy, the upload workflow on the profile's Temporal (pending → published with DNA),
 * Manage Beats, playback with Range and the public cover image.
 */
const logger = createLogger('test', 'silent');
let dataDir: string;
let system: EmbeddedSystem;
let producer: ApiClient;
let audio: DemoAudio;
/** Another beat (the stolen-beat guard would fail another producer's upload of `audio`). */
let privateAudio: DemoAudio;

function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  const raw = Buffer.alloc((width + 1) * height, 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-entry zip archive, stored (no compression): the stems of a private upload. */
function storedZip(name: string, data: Buffer): Buffer {
  const fileName = Buffer.from(name, 'utf8');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localSize = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const signedIn = (name: string) => signedInClient(system, name, 'prod');

beforeAll(async () => {
  // Rendered first: the 2 s of encoding would block the embedded system's event loop (same process).
  audio = renderDemoAudio({
    seed: 5,
    bpm: 96,
    beatsPerBar: 4,
    feel: 'swing',
    tonic: 4,
    mode: 'minor',
    timbre: 'C',
  });
  privateAudio = renderDemoAudio({
    seed: 11,
    bpm: 140,
    beatsPerBar: 4,
    feel: 'straight',
    tonic: 9,
    mode: 'major',
    timbre: 'A',
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'beatmatch-catalog-'));
  system = await startEmbedded({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    logger,
    rateLimits: { login: 1000, code: 1000, reset: 1000 },
  });
  producer = await signedIn('uploader');
});
afterAll(async () => {
  await system?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const prices = {
  firstDatePackagePrice: '19.99',
  relationshipPackagePrice: '39.99',
  marriagePackagePrice: '-',
};

interface GatewayUpload {
  /** The producer who uploads (the first one unless told). */
  as?: ApiClient;
  /** A private upload: the flag on the reference, no prices, no snippet, no cover art (spec §4, §5). */
  isPrivate?: boolean;
  sound?: DemoAudio;
  stems?: Buffer;
}

async function uploadThroughGateway(name: string, options: GatewayUpload = {}) {
  const { as: client = producer, isPrivate = false, sound = audio, stems } = options;
  const reference = await client.post<{ beatRefId: string }>('beatmatch_create_reference', {
    name,
    isBeatBattle: false,
    isMySound: false,
    ...(isPrivate ? { isPrivate: true } : prices),
  });
  if (reference.status !== 200) return { reference };
  const beatId = reference.body.beatRefId;
  // The spec's orders: public snippet, mp3, wav; private mp3, wav; then stems if any.
  const files: Array<readonly ['snippet' | 'mp3' | 'wav' | 'trackout', Uint8Array]> = [
    ...(isPrivate ? [] : [['snippet', sound.mp3] as const]),
    ['mp3', sound.mp3],
    ['wav', sound.wav],
    ...(stems ? [['trackout', new Uint8Array(stems)] as const] : []),
  ];
  for (const [type, bytes] of files) {
    const signed = await client.post<{ data: string }>('get_presignedUrl', {
      fileKey: type === 'trackout' ? 'stems.zip' : `x.${type}`,
      type,
      trackId: beatId,
    });
    expect(signed.status).toBe(200);
    // The browser PUTs straight to the signed URL: no CSRF token, no JSON, streamed to the store.
    const put = await fetch(new URL(signed.body.data, system.url), {
      method: 'PUT',
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    const confirmed = await client.post('aws_upload', {
      type,
      refId: beatId,
      isBeatBattle: false,
      isMySound: false,
    });
    expect(confirmed.status).toBe(200);
  }
  const form = new FormData();
  form.set('name', name);
  form.set('beatRefId', beatId);
  form.set('zipUploaded', String(Boolean(stems)));
  if (!isPrivate)
    form.set('coverArt', new Blob([new Uint8Array(png(256, 256))], { type: 'image/png' }), 'cover.png');
  const finalized = await client.postForm('beatmatch_upload_beat', form);
  return { reference, beatId, finalized };
}

type Rows = { pending: Array<Record<string, unknown>>; uploaded: Array<Record<string, unknown>> };

/** Manage Beats of `client` once `beatId` is published (the upload workflow on the profile's Temporal). */
async function whenPublished(client: ApiClient, beatId: string): Promise<Rows> {
  const until = Date.now() + 90_000;
  let listed = (await client.post<Rows>('beatmatch_manage_beats')).body;
  while (!listed.uploaded.some((row) => row.beatId === beatId) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    listed = (await client.post<Rows>('beatmatch_manage_beats')).body;
  }
  return listed;
}

it('uploads a beat through the gateway, pending in Manage Beats until the workflow publishes it with its DNA', async () => {
  const anonymous = new ApiClient(system.url);
  expect((await anonymous.post('beatmatch_create_reference', { name: 'x', ...prices })).status).toBe(401);

  const { beatId, finalized } = await uploadThroughGateway('Gateway Beat');
  expect(finalized?.status).toBe(200);
  const manage = await producer.post<Rows>('beatmatch_manage_beats');
  expect([...manage.body.pending, ...manage.body.uploaded]).toEqual([
    expect.objectContaining({
      beatId,
      beatName: 'Gateway Beat',
      isPending: true,
      firstDatePackagePrice: '19.99',
      thirdPackagePrice: '-',
      // A free producer's three uploads are heard (services/catalog/README.md, the inactive crate).
      crate: 'active',
    }),
  ]);
  // The upload workflow (Temporal dev server of the profile): verify → DNA → published.
  const listed = await whenPublished(producer, beatId!);
  expect(listed.uploaded).toEqual([expect.objectContaining({ beatId, isPending: false })]);
  const tags = await producer.post<{ data: Record<string, unknown> }>('beatmatch_manage_beats_get_tags', {
    beatId,
  });
  expect(tags.status).toBe(200);
  const part = await producer.fetch(`/api/beatmatch_manage_beats_play_beat?beatId=${beatId}`, {
    headers: { Range: 'bytes=100-199' },
  });
  expect(part.status).toBe(206);
  expect((await part.arrayBuffer()).byteLength).toBe(100);
  const cover = await anonymous.get(String(manage.body.pending[0]!.coverArtUrl));
  expect(cover.status).toBe(200);
  expect(cover.headers.get('content-type')).toBe('image/png');
  expect(cover.headers.get('cache-control')).toContain('immutable');
});

it('refuses the fourth upload of a producer without a plan with the banner text', async () => {
  for (const name of ['Second', 'Third'])
    expect((await uploadThroughGateway(name)).finalized?.status).toBe(200);
  const { reference } = await uploadThroughGateway('Fourth');
  expect(reference.status).toBe(403);
  expect(reference.body.message).toBe('You can only upload 3 beats. Please subscribe to upload more.');
});

it('uploads a private beat through the gateway: mp3, wav and stems, no snippet, no prices, published as private', async () => {
  const owner = await signedIn('vaultproducer');
  const stems = storedZip('kick.wav', Buffer.from(privateAudio.wav.subarray(0, 4096)));
  // A snippet is no part of a private upload.
  const draft = await owner.post<{ beatRefId: string }>('beatmatch_create_reference', {
    name: 'Draft',
    isPrivate: true,
  });
  expect(draft.status).toBe(200);
  const snippet = await owner.post<{ message: string }>('get_presignedUrl', {
    fileKey: 'x.snippet',
    type: 'snippet',
    trackId: draft.body.beatRefId,
  });
  expect(snippet.status).toBe(400);
  expect(snippet.body.message).toBe('A snippet file is not part of this upload.');

  const { beatId, finalized } = await uploadThroughGateway('Vault Beat', {
    as: owner,
    isPrivate: true,
    sound: privateAudio,
    stems,
  });
  expect(finalized?.status).toBe(200);
  const listed = await whenPublished(owner, beatId!);
  expect(listed.uploaded).toEqual([
    expect.objectContaining({ beatId, beatName: 'Vault Beat', isPending: false, isPrivate: true }),
  ]);
  // No prices to change: the Prices action is refused for a private beat.
  const repriced = await owner.post<{ message: string }>('beatmatch_manage_beats_edit', {
    beatId,
    beatName: 'Vault Beat',
    price: prices,
  });
  expect(repriced.status).toBe(400);
  expect(repriced.body.message).toBe('Private beats have no prices.');
});
