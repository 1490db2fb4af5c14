import { understand } from './understand';

describe('query understanding', () => {
  it('reads tempo numbers, with or without bpm, and ranges as filters', () => {
    expect(understand('dark trap around 140 with no vocals')).toMatchObject({ bpm: 140, bpmRange: null });
    expect(understand('lofi 85bpm')).toMatchObject({ bpm: 85 });
    expect(understand('house between 120 and 126 bpm')).toMatchObject({ bpm: 123, bpmRange: [120, 126] });
    expect(understand('reggae 70-80 bpm').bpmRange).toEqual([70, 80]);
  });

  it('does not take decades, 808s or out-of-range numbers for a tempo', () => {
    expect(understand('90s vibes').bpm).toBeNull();
    expect(understand("80's synth-pop").bpm).toBeNull();
    expect(understand('808 heavy beat').bpm).toBeNull();
    expect(understand('90s boom bap').bpm).toBe(88);
    expect(understand('a beat with 2 hooks, 999 vibes').bpm).toBeNull();
  });

  it("leans on tempo words and on a named style's usual tempo when no number is given", () => {
    expect(understand('something slow and sad').bpm).toBe(75);
    expect(understand('deep house for the club').bpm).toBe(124);
    expect(understand('dembow for a latin song').bpm).toBe(95);
    expect(understand('trap at 150').bpm).toBe(150);
    expect(understand('sad piano').bpm).toBeNull();
  });

  it("leans on dance music's club tempo for a genre word alone ('edm', 'club'), not on R&B's", () => {
    expect(understand('late night club edm').bpm).toBe(124);
    expect(understand('dance beat with synths').bpm).toBe(124);
    // a slow jam is felt slow at anything from 60 to 100 BPM: no one tempo to lean on
    expect(understand('romantic r&b slow jam').bpm).toBeNull();
    expect(understand('soul beat').bpm).toBeNull();
  });

  it('reads keys as the Filters dialog names them, enharmonics and short forms too', () => {
    expect(understand('chill lo-fi in F# minor').musicalKey).toBe('F# minor');
    expect(understand('a sharp minor piano').musicalKey).toBe('Bb minor');
    expect(understand('Am boom bap').musicalKey).toBe('A minor');
    expect(understand('C#m drill').musicalKey).toBe('C# minor');
    expect(understand('D flat major ballad').musicalKey).toBe('Db major');
    expect(understand('I am sad').musicalKey).toBeNull();
  });

  it('reads negations: no vocals, instrumental, not pop, no piano', () => {
    expect(understand('dark trap with no vocals').vocals).toBe(false);
    expect(understand('instrumental reggaeton').vocals).toBe(false);
    expect(understand('without any singing').vocals).toBe(false);
    expect(understand('beat with female vocals').vocals).toBe(true);
    expect(understand('anything but not pop')).toMatchObject({ genres: [], excludedGenres: ['pop'] });
    expect(understand('house, no piano')).toMatchObject({
      excludedWords: ['keys/chords'],
      genres: ['electronicDance'],
    });
  });

  it('maps genre, mood and instrument words to the DNA names', () => {
    const heavy = understand('Heavy and angry with a lot of bass');
    expect(heavy.words).toEqual(expect.arrayContaining(['aggressive', 'bass']));
    const neo = understand('neo soul with rhodes');
    expect(neo.genres).toEqual(['rnb']);
    expect(neo.words).toEqual(expect.arrayContaining(['neo soul', 'keys/chords']));
    expect(neo.words).not.toContain('soul');
    expect(understand('dembow perreo').genres).toEqual(['latin']);
  });
});

describe('query understanding: modes, styles and negations (issue 25 quality)', () => {
  it("reads 'a minor key' as the mode, not the key of A; a capital A still names the tonic", () => {
    expect(understand('trap beat in a minor key')).toMatchObject({ musicalKey: null, mode: 'minor' });
    expect(understand('pop ballad in a major key')).toMatchObject({ musicalKey: null, mode: 'major' });
    expect(understand('something in A minor')).toMatchObject({ musicalKey: 'A minor', mode: null });
  });

  it('reads a mode named without a tonic', () => {
    expect(understand('dark minor house groove').mode).toBe('minor');
    expect(understand('sad waltz, minor key').mode).toBe('minor');
    expect(understand('dark house groove').mode).toBeNull();
  });

  it('knows the common names of styles: riddim, urbano, jazzy, four on the floor, 3/4', () => {
    expect(understand('a riddim for my verse')).toMatchObject({ genres: ['reggae'], bpm: 76 });
    expect(understand('urbano beat').genres).toEqual(['latin']);
    expect(understand('smooth jazzy hip hop').words).toContain('swing jazz');
    expect(understand('four on the floor club track').words).toContain('house');
    expect(understand('sad ballad in 3/4').words).toContain('waltz');
  });

  it("takes a negated tempo word for no tempo ('not too fast')", () => {
    expect(understand('chill, not too fast').bpm).toBeNull();
    expect(understand('fast and hard').bpm).toBe(145);
  });

  it("keeps a genre wanted when only a sibling style is unwanted ('lofi, not trap')", () => {
    expect(understand('lofi, not trap')).toMatchObject({
      genres: ['rapHipHop'],
      excludedGenres: [],
      excludedWords: ['trap'],
    });
  });
});
