import { keyFit, keyRelation, parseKey, tempoFit, voiceFit } from './compatibility';

const key = (name: string) => parseKey(name)!;

describe('tempo fit', () => {
  it('scores the same tempo highest and falls to nothing past the tolerance', () => {
    expect(tempoFit(140, 140)).toEqual({ score: 1, relation: 'same' });
    expect(tempoFit(145, 140).relation).toBe('close');
    expect(tempoFit(145, 140).score).toBeGreaterThan(0.6);
    expect(tempoFit(170, 140)).toEqual({ score: 0, relation: 'far' });
  });

  it('counts half and double time, a little below the same tempo', () => {
    const half = tempoFit(70, 140);
    const double = tempoFit(140, 70);
    expect(half.relation).toBe('half');
    expect(double.relation).toBe('double');
    expect(half.score).toBeCloseTo(0.85);
    expect(half.score).toBeLessThan(tempoFit(140, 140).score);
  });

  it('gives nothing for an unknown tempo', () => {
    expect(tempoFit(0, 140).score).toBe(0);
    expect(tempoFit(120, Number.NaN).score).toBe(0);
  });
});

describe('key fit', () => {
  it('reads the dialog keys, enharmonic spellings and short forms alike', () => {
    expect(parseKey('A minor')).toEqual({ tonic: 3, minor: true, place: 0 });
    expect(parseKey('C major')?.place).toBe(0);
    expect(parseKey('F# major')?.tonic).toBe(parseKey('Gb major')?.tonic);
    expect(parseKey('Bbm')).toEqual(parseKey('A# minor'));
    expect(parseKey('H minor')).toBeNull();
    expect(parseKey(null)).toBeNull();
  });

  it('ranks same > relative > fifth > parallel > a distant key on the circle of fifths', () => {
    expect(keyRelation(key('A minor'), key('A minor'))).toBe('same');
    expect(keyRelation(key('C major'), key('A minor'))).toBe('relative');
    expect(keyRelation(key('E minor'), key('A minor'))).toBe('fifth');
    expect(keyRelation(key('D minor'), key('A minor'))).toBe('fifth');
    expect(keyRelation(key('A major'), key('A minor'))).toBe('parallel');
    expect(keyRelation(key('G major'), key('A minor'))).toBe('neighbour');
    expect(keyRelation(key('Eb minor'), key('A minor'))).toBe('far');
    const scores = ['A minor', 'C major', 'E minor', 'A major', 'Eb minor'].map((name) =>
      keyFit(key(name), key('A minor')),
    );
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.at(-1)).toBe(0);
  });
});

describe('voice fit', () => {
  it('matches a voice with a voice, none with none, and is unsure of an unknown beat', () => {
    expect(voiceFit(true, true)).toBe(1);
    expect(voiceFit(false, true)).toBe(0);
    expect(voiceFit(false, false)).toBe(1);
    expect(voiceFit(null, false)).toBe(0.5);
  });
});
