// Value checks for genre (issue 13): clearly genre-typed rendered signals must rank their genre first
// (or, where the rules are known to hesitate, near the top), and the list must be ranked best first —
// a reversed or shuffled ranking fails here. The bench's genre set measures the rest (bench/dna).
import { analyzeBytes } from '../analyzeBytes';
import { GENRES, type Dna } from '../dna';
import { renderClip, type ClipSpec } from '../testing/synth';
import { encodeWav } from '../testing/wavEncoder';

const base: ClipSpec = {
  seed: 21,
  bpm: 124,
  beatsPerBar: 4,
  feel: 'straight',
  tonic: 7,
  mode: 'minor',
  timbre: 'B',
  seconds: 12,
};

async function genresOf(spec: Partial<ClipSpec>): Promise<Dna['genreTags']> {
  const clip = renderClip({ ...base, ...spec });
  const dna = await analyzeBytes(encodeWav([clip.samples], { sampleRate: clip.sampleRate }));
  for (let i = 1; i < dna.genreTags.length; i++)
    expect(dna.genreTags[i]!.score).toBeLessThanOrEqual(dna.genreTags[i - 1]!.score);
  for (const { tag } of dna.genreTags) expect(GENRES).toContain(tag);
  return dna.genreTags;
}

describe('genre values on genre-typed signals', () => {
  it('a swung 90 BPM boom-bap loop is hip-hop first, with a clear score', async () => {
    const genres = await genresOf({ feel: 'swing', bpm: 90, timbre: 'D' });
    expect(genres[0]!.tag).toBe('rapHipHop');
    // Rules alone are capped at RULE_TRUST (0.7); the tagger hears little hip-hop in synthetic drums.
    expect(genres[0]!.score).toBeGreaterThan(0.5);
  });

  it('a slow drumless pad is ambient first, and not hip-hop', async () => {
    const genres = await genresOf({ drums: false, bpm: 70, timbre: 'A', peakDb: -14 });
    expect(genres[0]!.tag).toBe('ambient');
    expect(genres.slice(0, 3).map((g) => g.tag)).not.toContain('rapHipHop');
  });

  it('a 124 BPM four-on-the-floor loop has electronic/dance in its top two', async () => {
    const genres = await genresOf({ pattern: 'fourOnFloor', bpm: 124 });
    const dance = genres.findIndex((g) => g.tag === 'electronicDance');
    expect(dance).toBeGreaterThanOrEqual(0);
    expect(dance).toBeLessThan(2);
    expect(genres[dance]!.score).toBeGreaterThan(0.5);
  });

  it('a drumless pad with slow chord changes (a clear pulse, no kit) is ambient first, not R&B or hip-hop', async () => {
    const genres = await genresOf({ drums: false, bpm: 74, timbre: 'B', peakDb: -14 });
    expect(genres[0]!.tag).toBe('ambient');
    expect(genres.map((g) => g.tag)).not.toContain('rnb');
    expect(genres.map((g) => g.tag)).not.toContain('rapHipHop');
  });

  it('drumless 3/4 piano chords have classical in the top three', async () => {
    const genres = await genresOf({ drums: false, beatsPerBar: 3, bpm: 96, timbre: 'C', peakDb: -12 });
    expect(genres.slice(0, 3).map((g) => g.tag)).toContain('classical');
  });

  it('a 95 BPM dembow loop has latin in the top three', async () => {
    const genres = await genresOf({ pattern: 'dembow', bpm: 95, timbre: 'D' });
    expect(genres.slice(0, 3).map((g) => g.tag)).toContain('latin');
  });
});
