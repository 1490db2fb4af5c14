// The synthesiser's drum kit: the bar's pattern for a feel or genre, one-shot kick, snare and hat
// sounds from a timbre set, and the pattern played over every bar of a clip.
import type { BarGrid, ClipSpec } from './clipSpec';
import type { Timbre } from './timbres';

type DrumVoice = 'kick' | 'snare' | 'hat';

interface DrumEvent {
  beat: number; // position within the bar, in beats
  voice: DrumVoice;
  velocity: number;
}

function drumPattern(spec: ClipSpec, random: () => number): DrumEvent[] {
  const events: DrumEvent[] = [];
  const add = (voice: DrumEvent['voice'], beats: number[], velocity: number) => {
    for (const beat of beats) events.push({ beat, voice, velocity });
  };
  const hatGrid = (step: number, bars: number, accentEvery: number) => {
    for (let t = 0, i = 0; t < bars - 1e-9; t += step, i++)
      add('hat', [t], i % accentEvery === 0 ? 0.9 : 0.55);
  };
  const variant = Math.floor(random() * 3);
  if (spec.beatsPerBar === 3) {
    add('kick', [0], 1);
    add('snare', variant === 2 ? [2] : [1, 2], 0.6);
    if (variant !== 1) hatGrid(0.5, 3, 2);
    else hatGrid(1, 3, 3);
    return events;
  }
  if (spec.pattern === 'fourOnFloor') {
    add('kick', [0, 1, 2, 3], 1);
    add('snare', [1, 3], 0.7);
    for (let b = 0; b < 4; b++) add('hat', [b + 0.5], 0.9);
    if (variant !== 0) hatGrid(0.25, 4, 4);
    return events;
  }
  if (spec.pattern === 'dembow') {
    add('kick', [0, 1, 2, 3], 1);
    add('snare', [0.75, 1.5, 2.75, 3.5], 0.85);
    hatGrid(0.5, 4, 2);
    return events;
  }
  if (spec.pattern === 'oneDrop') {
    add('kick', [2], 1);
    add('snare', [2], 0.8);
    hatGrid(variant === 0 ? 0.5 : 1 / 3, 4, 2);
    return events;
  }
  switch (spec.feel) {
    case 'straight': {
      const kicks = [
        [0, 2],
        [0, 1.5, 2.5],
        [0, 0.75, 2, 2.5],
      ][variant]!;
      add('kick', kicks, 1);
      add('snare', [1, 3], 0.9);
      hatGrid(1 / (spec.hatsPerBeat ?? 2), 4, spec.hatsPerBeat === 4 ? 4 : 2);
      break;
    }
    case 'swing': {
      add('kick', variant === 0 ? [0, 2] : [0, 2, 2 + 2 / 3], 1);
      add('snare', [1, 3], 0.85);
      for (let b = 0; b < 4; b++) add('hat', [b, b + 2 / 3], b % 2 === 0 ? 0.8 : 0.6);
      break;
    }
    case 'triplet': {
      add('kick', variant === 0 ? [0, 2] : [0, 1 + 2 / 3, 2], 1);
      add('snare', [1, 3], 0.85);
      hatGrid(1 / 3, 4, 3);
      break;
    }
    case 'halfTime': {
      add(
        'kick',
        [
          [0, 2.5],
          [0, 0.75, 2.75],
          [0, 1.5, 3.5],
        ][variant]!,
        1,
      );
      add('snare', [2], 1);
      hatGrid(0.25, 4, 4);
      break;
    }
  }
  return events;
}

function renderOneShot(kind: DrumVoice, timbre: Timbre, rate: number, random: () => number): Float32Array {
  const seconds =
    kind === 'kick'
      ? timbre.kickDecay * 1.5
      : kind === 'snare'
        ? timbre.snareDecay * 1.5
        : timbre.hatDecay * 3;
  const n = Math.max(1, Math.round(seconds * rate));
  const out = new Float32Array(n);
  if (kind === 'kick') {
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const f = timbre.kickEndHz + (timbre.kickStartHz - timbre.kickEndHz) * Math.exp(-t / 0.04);
      phase += (2 * Math.PI * f) / rate;
      const click = i < rate * 0.003 ? (random() * 2 - 1) * 0.3 : 0;
      out[i] = (Math.sin(phase) + click) * Math.exp((-6.9 * t) / timbre.kickDecay);
    }
  } else if (kind === 'snare') {
    let lp = 0;
    let previous = 0;
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const noise = random() * 2 - 1;
      const hp = noise - previous; // brighten
      previous = noise;
      lp += 0.5 * (hp - lp);
      const burst = timbre.clap ? (t < 0.01 || (t > 0.012 && t < 0.02) || t > 0.024 ? 1 : 0.2) : 1;
      const tone = 0.5 * Math.sin((2 * Math.PI * timbre.snareToneHz * i) / rate) * Math.exp(-t / 0.04);
      out[i] = (0.8 * lp * burst + tone) * Math.exp((-6.9 * t) / timbre.snareDecay);
    }
  } else {
    let x1 = 0;
    let x2 = 0;
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const noise = random() * 2 - 1;
      // Second difference: a crude high-pass whose brightness is blended by hatBright.
      const hp = noise - 2 * x1 + x2;
      x2 = x1;
      x1 = noise;
      const value = timbre.hatBright * hp * 0.5 + (1 - timbre.hatBright) * (noise - x2) * 0.5;
      out[i] = value * 0.5 * Math.exp((-6.9 * t) / (timbre.hatDecay * 2));
    }
  }
  return out;
}

/** Adds the kit, playing the spec's pattern in every bar, to `out`. */
export function addDrums(
  out: Float32Array,
  rate: number,
  spec: ClipSpec,
  grid: BarGrid,
  timbre: Timbre,
  random: () => number,
): void {
  const { beatSeconds, barSeconds, bars } = grid;
  // Small human timing jitter (±4 ms) so onsets are not sample-exact.
  const humanise = () => (random() * 2 - 1) * 0.004;
  const shots = {
    kick: renderOneShot('kick', timbre, rate, random),
    snare: renderOneShot('snare', timbre, rate, random),
    hat: renderOneShot('hat', timbre, rate, random),
  };
  const pattern = drumPattern(spec, random);
  const levels = { kick: 0.9, snare: 0.6, hat: 0.35 };
  for (let bar = 0; bar < bars; bar++) {
    for (const event of pattern) {
      const start = Math.round((bar * barSeconds + event.beat * beatSeconds + humanise()) * rate);
      if (start < 0 || start >= out.length) continue;
      const shot = shots[event.voice];
      const gain = levels[event.voice] * event.velocity * (0.9 + 0.2 * random());
      const end = Math.min(out.length, start + shot.length);
      for (let i = start; i < end; i++) out[i]! += shot[i - start]! * gain;
    }
  }
}
