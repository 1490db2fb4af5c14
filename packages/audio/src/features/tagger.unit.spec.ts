// The learned tagger: musicnn's mel front end against librosa's, the ONNX rewrite (run by onnxruntime-node)
// against musicnn's own TensorFlow outputs for two rendered clips (src/testing/fixtures/musicnn-reference.json,
// made by src/models/reference/makeFixture.ts), and tags that come out with confidences.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeBytes } from '../analyzeBytes';
import { MUSICNN_HOP, MUSICNN_MELS } from '../models/musicnn';
import { MSD_LABELS, MTT_LABELS } from '../models/musicnnLabels';
import { renderClip, type ClipSpec } from '../testing/synth';
import { encodeWav } from '../testing/wavEncoder';
import { RULE_TRUST } from './learnedEvidence';
import {
  estimateTags,
  hzToMel,
  logMelFrames,
  melFilterbank,
  melToHz,
  patchStarts,
  taggerModelLoads,
  taggerPatches,
} from './tagger';

interface FixtureClip {
  name: string;
  spec: ClipSpec;
  starts: number[];
  msd: number[];
  mtt: number[];
  logMel: number[];
}
const fixture = JSON.parse(
  readFileSync(join(__dirname, '..', 'testing', 'fixtures', 'musicnn-reference.json'), 'utf8'),
) as { melFrames: [number, number]; clips: FixtureClip[] };

describe('mel front end', () => {
  it("uses Slaney's mel scale (linear to 1 kHz, 27 steps per factor 6.4 above)", () => {
    expect(hzToMel(1000)).toBeCloseTo(15, 10);
    expect(hzToMel(6400)).toBeCloseTo(42, 10);
    for (const hz of [50, 700, 1000, 3000, 8000]) expect(melToHz(hzToMel(hz))).toBeCloseTo(hz, 6);
  });

  it('has 96 area-normalised triangular bands covering 0–8 kHz', () => {
    const bank = melFilterbank();
    expect(bank).toHaveLength(96);
    // Slaney normalisation: each band's weights sum to about 2 / bandwidth × (bins per Hz)⁻¹ … here, the
    // weights times the bin spacing (31.25 Hz) integrate to ≈ 1 for bands wider than a few bins.
    const area = (b: (typeof bank)[number]) => b.weights.reduce((a, w) => a + w, 0) * 31.25;
    for (const band of bank.slice(40)) expect(area(band)).toBeGreaterThan(0.9);
    for (const band of bank.slice(40)) expect(area(band)).toBeLessThan(1.1);
    expect(bank.at(-1)!.from + bank.at(-1)!.weights.length).toBeLessThanOrEqual(257);
  });

  it("matches librosa's log-mel (musicnn's front end) on a rendered clip within 1e-3", () => {
    const [first, count] = fixture.melFrames;
    for (const clip of fixture.clips) {
      const { samples } = renderClip(clip.spec);
      const mine = logMelFrames(samples, first, count);
      let worst = 0;
      clip.logMel.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - mine[i]!))));
      expect(worst).toBeLessThan(1e-3);
    }
  });

  it('spreads patches over the track and repeats a short one to fill a patch', () => {
    expect(patchStarts(187 * 20, 4)).toEqual([374, 1309, 2244, 3179]);
    expect(patchStarts(400, 8)).toEqual([7, 207]);
    const short = taggerPatches(new Float32Array(100 * MUSICNN_HOP).fill(0.1));
    expect(short.length).toBe(187 * MUSICNN_MELS);
    expect(short.subarray(0, 96)).toEqual(short.subarray(101 * 96, 102 * 96));
  });
});

describe('musicnn ONNX rewrite against musicnn (TensorFlow)', () => {
  it.each(fixture.clips.map((clip) => [clip.name, clip] as const))(
    '%s: every MSD and MTT tag probability within 0.005 of the reference',
    async (_name, clip) => {
      const { samples } = renderClip(clip.spec);
      expect(patchStarts(1 + Math.floor(samples.length / MUSICNN_HOP))).toEqual(clip.starts);
      const tags = await estimateTags(samples);
      const worst = (labels: readonly string[], mine: Record<string, number>, reference: number[]) =>
        Math.max(...labels.map((label, j) => Math.abs(mine[label]! - reference[j]!)));
      expect(worst(MSD_LABELS, tags.msd, clip.msd)).toBeLessThan(0.005);
      expect(worst(MTT_LABELS, tags.mtt, clip.mtt)).toBeLessThan(0.005);
      expect(tags.patches).toBe(clip.starts.length);
    },
    240_000,
  );

  it('loads its sessions once per analysing thread', async () => {
    const loads = taggerModelLoads();
    await estimateTags(renderClip(fixture.clips[0]!.spec).samples);
    expect(taggerModelLoads()).toBe(loads);
  }, 120_000);
});

describe('tags with confidences', () => {
  const base: ClipSpec = {
    seed: 31,
    bpm: 124,
    beatsPerBar: 4,
    feel: 'straight',
    tonic: 9,
    mode: 'minor',
    timbre: 'B',
    seconds: 12,
  };

  it('every list is scored in 0..1, best first; the tagger speaks (no warning) and the caption reads as sentences', async () => {
    const clip = renderClip({ ...base, pattern: 'fourOnFloor' });
    const dna = await analyzeBytes(encodeWav([clip.samples], { sampleRate: clip.sampleRate }));
    expect(dna.warnings.filter((w) => /tagger/.test(w))).toEqual([]);
    const lists = [
      dna.genreTags,
      dna.subgenreTags,
      dna.moodTags,
      dna.moodAdvancedTags,
      dna.emotionalDynamics,
      dna.movementTags,
      dna.energyDynamics,
      dna.musicalEraTag,
      dna.instrumentTags,
      dna.characterTags,
      dna.voiceTags,
    ];
    for (const list of lists) {
      expect(list.length).toBeGreaterThan(0);
      for (let i = 0; i < list.length; i++) {
        expect(list[i]!.score).toBeGreaterThanOrEqual(0);
        expect(list[i]!.score).toBeLessThanOrEqual(1);
        if (i > 0) expect(list[i]!.score).toBeLessThanOrEqual(list[i - 1]!.score);
      }
    }
    // Rules-only fields never read surer than RULE_TRUST.
    for (const list of [dna.movementTags, dna.energyDynamics, dna.emotionalDynamics])
      for (const t of list) expect(t.score).toBeLessThanOrEqual(RULE_TRUST + 1e-9);
    // Four on the floor at 124 BPM: the tagger hears house (House, techno, electro), above the rules' cap.
    expect(dna.genreTags[0]!.tag).toBe('electronicDance');
    expect(dna.genreTags[0]!.score).toBeGreaterThan(RULE_TRUST);
    expect(dna.transformerCaption).toMatch(
      /^An? [a-z ,/&-]+ beat in A minor at 12\d BPM, built on [^.]+\. [A-Z][^.]+\./,
    );
  }, 240_000);

  it('without the tagger (BEATMATCH_TAGGER=off) every field is its rules, never above RULE_TRUST, and says so', async () => {
    const clip = renderClip({ ...base, pattern: 'fourOnFloor' });
    process.env.BEATMATCH_TAGGER = 'off';
    try {
      const dna = await analyzeBytes(encodeWav([clip.samples], { sampleRate: clip.sampleRate }));
      expect(dna.warnings.some((w) => /tagger could not run/.test(w))).toBe(true);
      for (const list of [
        dna.genreTags,
        dna.moodTags,
        dna.musicalEraTag,
        dna.instrumentTags,
        dna.characterTags,
      ])
        for (const t of list) expect(t.score).toBeLessThanOrEqual(RULE_TRUST + 1e-9);
    } finally {
      delete process.env.BEATMATCH_TAGGER;
    }
  }, 120_000);
});
