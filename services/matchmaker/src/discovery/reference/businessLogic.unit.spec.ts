import { REFERENCE_MESSAGES } from '@beatmatch/contracts';
import { songDecider } from './businessLogic';
import type { SongEvent, SongSound } from './song';

const now = new Date('2026-11-25T12:00:00Z');
const at = now.toISOString();
const sound: SongSound = {
  embedding: [1],
  bpm: 120,
  musicalKey: 'A minor',
  hasVoice: false,
  genres: [],
  moods: [],
  tags: ['808'],
};
const requested: SongEvent = {
  type: 'SongRequested',
  data: {
    songId: 's1',
    ownerId: 'a1',
    source: 'video',
    title: 'Song',
    audioUrl: 'https://v.example/1',
    requestedAt: at,
  },
};
const given = (events: SongEvent[]) => events.reduce(songDecider.evolve, songDecider.initialState());

describe('an analysed song (artist-side spec §3)', () => {
  it('is requested once: asking again for the same song changes nothing', () => {
    const request = { type: 'RequestSong' as const, data: requested.data, metadata: { now } };
    expect(songDecider.decide(request, given([]))).toEqual([requested]);
    expect(songDecider.decide(request, given([requested]))).toEqual([]);
  });

  it('keeps its first outcome: a retried analysis or a late failure records nothing', () => {
    const analysed: SongEvent = { type: 'SongAnalysed', data: { sound, analysedAt: at } };
    expect(
      songDecider.decide({ type: 'RecordAnalysis', data: { sound }, metadata: { now } }, given([requested])),
    ).toEqual([analysed]);
    const done = given([requested, analysed]);
    expect(songDecider.decide({ type: 'RecordAnalysis', data: { sound }, metadata: { now } }, done)).toEqual(
      [],
    );
    expect(
      songDecider.decide({ type: 'RecordFailure', data: { reason: 'x' }, metadata: { now } }, done),
    ).toEqual([]);
  });

  it('refuses an outcome for a song nobody asked for', () => {
    expect(() =>
      songDecider.decide({ type: 'RecordFailure', data: { reason: 'x' }, metadata: { now } }, given([])),
    ).toThrow(REFERENCE_MESSAGES.trackNotFound);
  });
});
