import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { FilesystemBlobStore } from '@beatmatch/platform';
import { encodeWav, renderClip } from '@beatmatch/audio/testing';

import { encodeMp3 } from '../upload/mp3';
import { FILE_MESSAGES, readWavHeader, sniff, verifyUploadedFile } from './index';
import type { BeatFileType } from '@beatmatch/contracts';
import type { UploadKind } from '../beats/beat';

let dir: string;
let blobs: FilesystemBlobStore;
const clip = (seconds: number) =>
  renderClip({
    seed: 7,
    bpm: 96,
    beatsPerBar: 4,
    feel: 'straight',
    tonic: 2,
    mode: 'minor',
    timbre: 'A',
    seconds,
  }).samples;

let wav: Buffer;
let mp3At320: Buffer;
let mp3At128: Buffer;
let snippet: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'catalog-verify-'));
  blobs = new FilesystemBlobStore({ root: dir, secret: 's'.repeat(40), publicUrl: '/blobs' });
  const samples = clip(31);
  wav = Buffer.from(
    encodeWav([samples.subarray(0, 44100 * 4), samples.subarray(0, 44100 * 4)], { sampleRate: 44100 }),
  );
  mp3At320 = encodeMp3([samples.subarray(0, 44100 * 3)], 44100, 320);
  mp3At128 = encodeMp3([samples.subarray(0, 44100 * 3)], 44100, 128);
  snippet = encodeMp3([samples.subarray(0, 44100 * 30)], 44100, 320);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let n = 0;
async function check(type: BeatFileType, bytes: Buffer, options: { ext?: string; kind?: UploadKind } = {}) {
  const ext = options.ext ?? (type === 'wav' ? 'wav' : type === 'trackout' ? 'zip' : 'mp3');
  const key = `check/${n++}.${ext}`;
  await blobs.put(key, Readable.from([bytes]));
  return verifyUploadedFile({ type, key, blobs, kind: options.kind ?? 'public' });
}

describe('WAV', () => {
  it('accepts a PCM WAV and reads its header', async () => {
    expect(await check('wav', wav)).toBeNull();
    expect(readWavHeader(wav)).toMatchObject({ channels: 2, sampleRate: 44100, bitsPerSample: 16 });
    expect(readWavHeader(wav)!.durationSeconds).toBeCloseTo(4, 3);
  });
  it('refuses an MP3, random bytes and a RIFF that is no WAVE with the spec message', async () => {
    expect(await check('wav', mp3At320)).toBe(FILE_MESSAGES.wav);
    expect(await check('wav', Buffer.alloc(4096, 7))).toBe(FILE_MESSAGES.wav);
    const avi = Buffer.from(wav);
    avi.write('AVI ', 8, 'ascii');
    expect(await check('wav', avi)).toBe(FILE_MESSAGES.wav);
  });
  it('refuses a truncated WAV (shorter than its header says) with the file-read message', async () => {
    expect(await check('wav', wav.subarray(0, wav.length / 2))).toBe(FILE_MESSAGES.unreadable);
  });
  it('refuses an empty file', async () => {
    expect(await check('wav', Buffer.alloc(0))).toBe(FILE_MESSAGES.unreadable);
  });
});

describe('MP3 and snippet', () => {
  it('accepts the wizard’s 320 kbps stereo MP3', async () => {
    expect(sniff(mp3At320)).toBe('mp3');
    expect(await check('mp3', mp3At320)).toBeNull();
  });
  it('refuses a WAV named .mp3 and random bytes', async () => {
    expect(await check('mp3', wav)).toBe(FILE_MESSAGES.mp3);
    expect(await check('mp3', Buffer.alloc(4096, 0xff))).toBe(FILE_MESSAGES.mp3);
  });
  it('asks for 320 kbps on public uploads, not on a beat battle’s own MP3', async () => {
    expect(await check('mp3', mp3At128)).toBe(FILE_MESSAGES.mp3Quality);
    expect(await check('mp3', mp3At128, { kind: 'beatBattle' })).toBeNull();
  });
  it('accepts a 30-s snippet and refuses a 3-s one', async () => {
    expect(await check('snippet', snippet)).toBeNull();
    expect(await check('snippet', mp3At320)).toBe(FILE_MESSAGES.snippetLength);
  });
});

describe('stems', () => {
  const zip = () => {
    const data = deflateRawSync(Buffer.from('stem'));
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    return Buffer.concat([header, data]);
  };
  const rar = Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(64, 1)]);
  it('accepts a ZIP at the .zip key and a RAR at the .rar key', async () => {
    expect(await check('trackout', zip())).toBeNull();
    expect(await check('trackout', rar, { ext: 'rar' })).toBeNull();
  });
  it('refuses anything else, and a RAR named .zip', async () => {
    expect(await check('trackout', wav)).toBe(FILE_MESSAGES.stems);
    expect(await check('trackout', rar)).toBe(FILE_MESSAGES.stems);
    expect(await check('trackout', zip(), { ext: 'rar' })).toBe(FILE_MESSAGES.stems);
  });
});

it('tells cover images apart by signature', () => {
  expect(sniff(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
  expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('jpeg');
  expect(sniff(Buffer.from('GIF89a'))).toBeNull();
});
