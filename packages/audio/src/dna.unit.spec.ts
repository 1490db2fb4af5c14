import { GENRES, KEY_NAMES, MAJOR_KEY_TONICS, MINOR_KEY_TONICS, keyNameOf, parseKeyName } from './dna';

describe('spec vocabularies', () => {
  it('has the filter dialog 17 genres (besides all) and 24 keys', () => {
    expect(GENRES).toHaveLength(17);
    expect(GENRES).not.toContain('all');
    expect(KEY_NAMES).toHaveLength(24);
    expect(MINOR_KEY_TONICS.join(' ')).toBe('A E B F# C# G# D# Bb F C G D');
    expect(MAJOR_KEY_TONICS.join(' ')).toBe('C G D A E B F# Db Ab Eb Bb F');
  });

  it('spells every pitch class and mode as the spec does', () => {
    for (let pc = 0; pc < 12; pc++) {
      for (const mode of ['major', 'minor'] as const) {
        const name = keyNameOf(pc, mode);
        expect(KEY_NAMES).toContain(name);
        expect(parseKeyName(name)).toEqual({ pitchClass: pc, mode });
      }
    }
    expect(parseKeyName('C# major')).toEqual({ pitchClass: 1, mode: 'major' });
    expect(parseKeyName('H minor')).toBeUndefined();
  });
});
