import type { PoolBeat } from '../../beats/beat';
import { describeBeat } from './description';
import { poolBeat } from './poolBeat.fixture';
import { searchByText } from './search';
import { TextIndex } from './textIndex';

/**
 * The second pass of text search and the beat description, without the sentence model (no vectors:
 * the stated facts rank alone), over beats that differ in one fact at a time.
 */
const beat = poolBeat;

const noModel = new TextIndex({ embedInBackground: async () => [] });
const first = (beats: PoolBeat[], text: string) =>
  searchByText(beats, noModel, text, null, 10)[0]?.beat.beatId;

describe('text search: the second pass', () => {
  it("finds an aggressive beat by the DNA's evidence of it ('tense', 'driving'), not only the word", () => {
    const beats = [
      beat('Blue Window', { tags: ['peaceful'] }),
      beat('Iron Static', { tags: ['tense', 'driving'] }),
    ];
    expect(first(beats, 'angry beat')).toBe('Iron Static');
  });

  it("reads a beat's name as the producer's words for its style", () => {
    const beats = [beat('Sunny Day'), beat('Rolling Riddim')];
    expect(first(beats, 'reggae beat')).toBe('Rolling Riddim');
  });

  it('prefers the mode a text names without a tonic', () => {
    const beats = [
      beat('major one', { musicalKey: 'D major' }),
      beat('minor one', { musicalKey: 'F minor' }),
    ];
    expect(first(beats, 'beat in a minor key')).toBe('minor one');
    expect(first(beats, 'beat in a major key')).toBe('major one');
  });

  it("puts a beat near the text's own tempo ahead of one at exactly double it", () => {
    const beats = [beat('double', { bpm: 152 }), beat('same', { bpm: 78 })];
    expect(first(beats, 'beat at 76 bpm')).toBe('same');
  });

  it('prefers the key a text names to a key a fifth away, even at a little further tempo', () => {
    const beats = [
      beat('fifth', { musicalKey: 'C major', bpm: 90 }),
      beat('same key', { musicalKey: 'G major', bpm: 95 }),
    ];
    expect(first(beats, 'G major around 90')).toBe('same key');
  });

  it("credits a style word less on a beat whose tempo is far from the style's own", () => {
    // both carry the genre; the one at twice reggae's tempo fits the first pass's half time better
    const beats = [
      beat('trap tempo', { bpm: 144, genres: ['rapHipHop', 'reggae'] }),
      beat('one drop read as 3/4', { bpm: 116, genres: ['rapHipHop', 'reggae'], tags: ['waltz'] }),
    ];
    expect(first(beats, 'reggae groove')).toBe('one drop read as 3/4');
  });

  it('reads a beat the DNA takes for 3/4 at 1.5 times its tempo at its felt tempo too', () => {
    const beats = [beat('read plainly', { bpm: 100 }), beat('read as 3/4', { bpm: 114, tags: ['waltz'] })];
    expect(first(beats, 'beat at 76 bpm')).toBe('read as 3/4');
  });

  it("takes a lot of bass for the DNA's 808/sub bass too", () => {
    const beats = [beat('no bass'), beat('sub', { tags: ['808/sub bass'] })];
    expect(first(beats, 'a lot of bass')).toBe('sub');
  });

  it("puts a beat that shows an unwanted mood by its evidence behind ('not sad': melancholic)", () => {
    const beats = [
      beat('melancholic one', { moods: ['chill'], tags: ['melancholic'] }),
      beat('plain one', { moods: ['chill'] }),
    ];
    expect(first(beats, 'chill but not sad')).toBe('plain one');
  });
});

describe('beat description', () => {
  it("says the DNA's styles, tempo and mode in an artist's words", () => {
    const text = describeBeat(
      beat('Island Sun', { bpm: 74, musicalKey: 'A minor', tags: ['roots reggae', 'tense'] }),
    );
    expect(text).toContain('one drop riddim');
    expect(text).toContain('slow');
    expect(text).toContain('minor key');
    expect(text).toContain('hard');
    expect(text).toContain('instrumental');
  });
});
