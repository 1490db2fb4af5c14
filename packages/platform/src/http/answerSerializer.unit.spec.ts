import { z } from 'zod';
import { apiCalls, bytes, type CallDeclaration } from '@beatmatch/contracts';
import { compileAnswer, serializeAnswer } from './answerSerializer';

/** A declaration that only answers `answer` (what the serialiser reads of a call). */
const answering = (answer: CallDeclaration['answer']) => ({ answer }) as CallDeclaration;

const item = z.object({ id: z.string(), plays: z.number().int(), score: z.number() });
const shapes = z.object({
  title: z.string(),
  note: z.string().optional(),
  coverArtUrl: z.string().nullable(),
  private: z.union([z.literal(0), z.literal(1)]),
  kind: z.enum(['beat', 'pack']),
  at: z.string().datetime(),
  items: z.array(item),
  best: item.nullable(),
  extra: z.unknown(),
  flags: z.array(z.boolean()),
});

const sample = {
  title: 'Quote " backslash \\ new\nline, é, 🎵, \u2028',
  coverArtUrl: null,
  private: 1,
  kind: 'pack',
  at: '2026-11-26T08:00:00.000Z',
  items: [
    { id: 'a', plays: 3, score: 0.25 },
    { id: 'b', plays: 0, score: -1e-7 },
  ],
  best: { id: 'a', plays: 3, score: 0.25 },
  extra: { nested: [1, 'two', null, { three: true }] },
  flags: [true, false],
};

describe('answers serialised from their schemas', () => {
  it('writes what JSON.stringify writes, for answers that fit the schema', () => {
    const { write, fallback } = compileAnswer(answering(shapes));
    expect(fallback).toBeUndefined();
    for (const answer of [
      sample,
      { ...sample, note: 'a note', best: null, items: [], extra: 'any' },
      { ...sample, note: undefined, extra: undefined },
    ])
      expect(JSON.parse(write(answer))).toEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('writes an integer field that holds a fraction as it is, not truncated', () => {
    const { write } = compileAnswer(answering(z.object({ plays: z.number().int() })));
    expect(write({ plays: 2.5 })).toBe('{"plays":2.5}');
  });

  it("writes beat_play's two answers (a beat, or the limit's message) each with its own branch", () => {
    const { write, fallback } = compileAnswer(apiCalls.beatmatch_beat_play);
    expect(fallback).toBeUndefined();
    const beat = {
      beatId: 'b-1',
      beatName: 'Night "drive"',
      producer: 'Producer 1',
      userId: 'u-1',
      coverArtUrl: null,
      audioSrc: '/api/beatmatch_beat_play_snippet?beatId=b-1',
      why: 'Because you matched trap',
    };
    const limit = { message: 'You have used your 25 free plays today.' };
    for (const answer of [beat, limit]) expect(write(answer)).toBe(JSON.stringify(answer));
    // An answer that fits neither branch keeps every key (JSON.stringify), where a branch would drop one.
    const unexpected = { ...limit, beatId: 'b-1' };
    expect(write(unexpected)).toBe(JSON.stringify(unexpected));
  });

  it.each([
    ['a bytes answer', bytes, 'a bytes answer'],
    ['a record', z.object({ headers: z.record(z.string(), z.string()) }), 'headers'],
    ['an open object', z.looseObject({ id: z.string() }), 'undeclared keys'],
    ['a tuple', z.object({ pair: z.tuple([z.string(), z.string()]) }), '"prefixItems" at pair'],
    [
      'a union of objects below the root',
      z.object({ it: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) }),
      'a union of objects or arrays at it',
    ],
    ['a literal of no one type', z.object({ v: z.literal([1, 'one']) }), 'v'],
  ])('keeps JSON.stringify for %s', (_what, answer, reason) => {
    const { write, fallback } = compileAnswer(answering(answer));
    expect(fallback).toContain(reason);
    const value = { headers: { 'x-a': '1' }, id: 'i', more: 2, pair: ['a', 'b'], it: { b: 'x' }, v: 1 };
    expect(write(value)).toBe(JSON.stringify(value));
  });

  it('keeps JSON.stringify for the declared calls it cannot compile, and compiles the rest', () => {
    const fallbacks = Object.entries(apiCalls as Record<string, CallDeclaration>)
      .map(([name, call]) => [name, compileAnswer(call).fallback] as const)
      .filter(([, fallback]) => fallback !== undefined);
    expect(Object.fromEntries(fallbacks)).toMatchObject({
      beatmatch_beat_play_snippet: 'a bytes answer',
      get_presignedUrl: expect.stringContaining('headers'),
      beat_battle_pair: expect.stringContaining('prefixItems'),
    });
    expect(fallbacks.length).toBeLessThan(Object.keys(apiCalls).length / 4);
  });
});

describe('serializeAnswer', () => {
  const declaration = answering(z.object({ id: z.string(), label: z.string().nullable() }));
  const withEnvironment = (environment: string, run: () => void) => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = environment;
    try {
      run();
    } finally {
      process.env.NODE_ENV = before;
    }
  };

  it('under test, throws naming the call where the serialiser would lose or change data', () => {
    expect(() => serializeAnswer('test_drop', declaration, { id: 'a', label: null, secret: 1 })).toThrow(
      /test_drop: the serialiser of its answer schema wrote .*"id":"a".* where JSON.stringify writes .*secret/,
    );
    expect(() => serializeAnswer('test_throw', declaration, { id: 'a', label: { text: 'x' } })).toThrow(
      /test_throw: the serialiser of its answer schema failed/,
    );
    expect(serializeAnswer('test_fits', declaration, { id: 'a', label: null })).toBe(
      '{"id":"a","label":null}',
    );
  });

  it('elsewhere, writes an answer the serialiser cannot write with JSON.stringify', () =>
    withEnvironment('production', () => {
      const answer = { id: 'a', label: { text: 'x' } };
      expect(serializeAnswer('test_throw', declaration, answer)).toBe(JSON.stringify(answer));
    }));
});
