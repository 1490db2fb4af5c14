// The DNA pipeline, in the calling thread: decode → analysis signal → envelopes and chroma → tempo,
// beats, meter, key, loudness, timbre → tags, caption and embedding. `analyze` (index.ts) runs this in a
// worker thread; tests and the bench call it directly.
import { DNA_VERSION, MAX_ANALYSED_SECONDS, type Dna, type Loudness } from './dna';
import { DnaError, MIN_ANALYSABLE_SECONDS } from './errors';
import { ANALYSIS_RATE, HOP, type AnalysisSignal } from './decode/downsampler';
import { decodeWav, isWav } from './decode/wav';
import { decodeMp3, looksLikeMp3 } from './decode/mp3';
import {
  chromaFrames,
  CHROMA_FFT,
  CHROMA_HOP,
  FRAME_RATE,
  onsetFrames,
  type ChromaFrames,
  type OnsetFrames,
} from './features/spectral';
import { bpmFromBeats, detrend, estimateTempo, trackBeats } from './features/tempo';
import { estimateMeter } from './features/meter';
import { estimateKey, type KeyEstimate, type OpeningBar } from './features/key';
import { measureLoudness } from './features/loudness';
import type { RhythmSummary } from './features/cues';
import { describe, type Description } from './features/describe';
import { summariseTimbre } from './features/timbre';
import { buildEmbedding } from './features/embedding';
import { estimateVoice } from './features/voice';
import { estimateNotes } from './features/notes';
import { estimateTags } from './features/tagger';

export interface AnalyzeOptions {
  /** Used only to recognise MP3 files that lack an ID3 tag or a frame sync in their first bytes. */
  filename?: string;
  /** Length of the whole file when `bytes` is only its beginning (see analysisByteLimit). */
  sourceByteLength?: number;
}

export interface Decoded {
  signal: AnalysisSignal;
  format: 'wav' | 'mp3';
  sampleRate: number;
  channels: number;
  durationSeconds: number;
  warnings: string[];
}

/** WAV or MP3 bytes → the analysis signal (also the fingerprint's input, ./fingerprint.ts). */
export async function decode(bytes: Uint8Array, options: AnalyzeOptions): Promise<Decoded> {
  const maxSamples = MAX_ANALYSED_SECONDS * ANALYSIS_RATE;
  const warnings: string[] = [];
  if (isWav(bytes)) {
    const { signal, layout } = decodeWav(bytes, maxSamples, options.sourceByteLength ?? bytes.length);
    if (layout.truncated) {
      warnings.push(
        `The WAV file is truncated: ${(layout.framesInSource / layout.format.sampleRate).toFixed(1)} s of ${(layout.declaredFrames / layout.format.sampleRate).toFixed(1)} s are present; the present part was analysed.`,
      );
    }
    return {
      signal,
      format: 'wav',
      sampleRate: layout.format.sampleRate,
      channels: layout.format.channels,
      durationSeconds: layout.framesInSource / layout.format.sampleRate,
      warnings,
    };
  }
  const namedMp3 = /\.mp3$/i.test(options.filename ?? '');
  if (looksLikeMp3(bytes) || namedMp3) {
    const decoded = await decodeMp3(bytes, maxSamples, options.sourceByteLength ?? bytes.length);
    if (decoded.errors > 0) warnings.push(`The MP3 decoder skipped ${decoded.errors} damaged frame(s).`);
    return {
      signal: decoded.signal,
      format: 'mp3',
      sampleRate: decoded.sampleRate,
      channels: decoded.channels,
      durationSeconds: decoded.durationSeconds,
      warnings,
    };
  }
  throw new DnaError('UNSUPPORTED_FORMAT', 'The file is not a WAV or MP3 audio file.');
}

function meanOf(x: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i]!;
  return x.length ? sum / x.length : 0;
}

/** Weighted sum of band envelopes, each divided by its mean so every band counts the same. */
export function mixBands(bands: Float32Array[], weights: number[]): Float32Array {
  const n = bands[0]!.length;
  const out = new Float32Array(n);
  bands.forEach((band, b) => {
    const scale = weights[b]! / (meanOf(band) + 1e-9);
    for (let i = 0; i < n; i++) out[i]! += band[i]! * scale;
  });
  return out;
}

/** Sum of band envelopes, each scaled by its 98th percentile so kick and snare peaks weigh alike. */
function mixByPercentile(bands: Float32Array[]): Float32Array {
  const n = bands[0]!.length;
  const out = new Float32Array(n);
  for (const band of bands) {
    const sorted = Float32Array.from(band).sort();
    const scale = 1 / ((sorted[Math.floor(n * 0.98)] ?? 0) + 1e-9);
    for (let i = 0; i < n; i++) out[i]! += band[i]! * scale;
  }
  return out;
}

const ramp01 = (x: number) => Math.max(0, Math.min(1, x));

function windowMax(x: Float32Array, centre: number, radius: number): number {
  let best = 0;
  for (let i = Math.max(0, centre - radius); i <= Math.min(x.length - 1, centre + radius); i++)
    best = Math.max(best, x[i]!);
  return best;
}

/** Mean chroma between two times (seconds). */
function chromaBetween(chroma: ChromaFrames, from: number, to: number): number[] {
  const out = new Array<number>(12).fill(0);
  const frameOf = (t: number) => (t * ANALYSIS_RATE - CHROMA_FFT / 2) / CHROMA_HOP;
  const first = Math.max(0, Math.floor(frameOf(from)));
  const last = Math.min(chroma.frames - 1, Math.ceil(frameOf(to)));
  for (let f = first; f <= last; f++)
    for (let pc = 0; pc < 12; pc++) out[pc]! += chroma.bass[f * 12 + pc]! + chroma.chroma[f * 12 + pc]!;
  return out;
}

function cosineDistance(a: number[], b: number[]): number {
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? 1 - dot / Math.sqrt(na * nb) : 0;
}

export interface RhythmAnalysis extends RhythmSummary {
  beats: number[]; // frames
  downbeatPhase: number;
  meterConfidence: number;
  timeSignature: '3/4' | '4/4';
}

export function analyseRhythm(onsets: OnsetFrames, chroma: ChromaFrames): RhythmAnalysis {
  const full = detrend(mixBands([onsets.low, onsets.mid, onsets.high, onsets.air], [1, 1, 0.7, 0.7]));
  const skeleton = detrend(mixByPercentile([onsets.low, onsets.mid]));
  const hats = detrend(mixBands([onsets.high, onsets.air], [1, 1]));
  const tempo = estimateTempo({ skeleton, hats, full, kick: detrend(onsets.low) });
  const beats = trackBeats(full, tempo.bpm);
  const tracked = bpmFromBeats(beats);
  const bpm = tracked !== undefined && Math.abs(tracked / tempo.bpm - 1) < 0.04 ? tracked : tempo.bpm;

  const lowNorm = meanOf(onsets.low) + 1e-9;
  const midNorm = meanOf(onsets.mid) + 1e-9;
  const period = (60 * FRAME_RATE) / bpm;
  const rows = beats.map((frame, i) => {
    const t = frame / FRAME_RATE;
    const before = chromaBetween(chroma, t - period / FRAME_RATE, t);
    const after = chromaBetween(chroma, t, t + period / FRAME_RATE);
    return [
      windowMax(onsets.low, frame, 3) / lowNorm,
      windowMax(onsets.mid, frame, 3) / midNorm,
      i > 0 ? cosineDistance(before, after) * 10 : 0,
    ];
  });
  const meter = estimateMeter({ rows }, [1, 0.6, 1.2]);
  // Four-on-the-floor and off-beat emphasis, for genre and movement heuristics.
  const kicks = rows.map((row) => row[0]!);
  const maxKick = Math.max(1e-9, ...kicks);
  const kickEveryBeat = kicks.length ? kicks.filter((k) => k > 0.5 * maxKick).length / kicks.length : 0;
  let onBeat = 0;
  let offBeat = 0;
  for (let i = 0; i + 1 < beats.length; i++) {
    onBeat += windowMax(full, beats[i]!, 2);
    offBeat += windowMax(full, Math.round((beats[i]! + beats[i + 1]!) / 2), 2);
  }
  const offbeatRatio = onBeat > 0 ? offBeat / onBeat : 0;
  // Snare hits three quarters into the beat (dembow), relative to the body band on the beats.
  let bodyOn = 0;
  let bodyAnticipated = 0;
  for (let i = 0; i + 1 < beats.length; i++) {
    bodyOn += windowMax(onsets.mid, beats[i]!, 2);
    bodyAnticipated += windowMax(onsets.mid, Math.round(beats[i]! + 0.75 * (beats[i + 1]! - beats[i]!)), 2);
  }
  const anticipationRatio = bodyOn > 0 ? bodyAnticipated / bodyOn : 0;
  // Kicks by position in a 4-beat bar: the share of the strongest position (0.25 when every beat has one).
  const positions = [0, 0, 0, 0];
  kicks.forEach((k, i) => (positions[i % 4]! += k));
  const kickTotal = positions.reduce((a, b) => a + b, 0);
  const kickOneBeat = kickTotal > 0 ? ramp01((Math.max(...positions) / kickTotal - 0.3) / 0.4) : 0;
  return {
    bpm,
    confidence: tempo.confidence,
    subdivision: tempo.subdivision,
    beats,
    beatsPerBar: meter.beatsPerBar,
    downbeatPhase: meter.downbeatPhase,
    // Meter evidence means little without a pulse (noise, drones).
    meterConfidence: meter.confidence * Math.min(1, tempo.confidence * 2),
    timeSignature: meter.timeSignature,
    kickEveryBeat,
    offbeatRatio,
    anticipationRatio,
    kickOneBeat,
  };
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The RMS level of the analysis signal; rejects audio too short or silent to analyse. */
function analysableLevel(signal: AnalysisSignal): number {
  const analysedSeconds = signal.samples.length / ANALYSIS_RATE;
  if (analysedSeconds < MIN_ANALYSABLE_SECONDS) {
    throw new DnaError(
      'TOO_SHORT',
      `The audio is ${analysedSeconds.toFixed(2)} s long; at least ${MIN_ANALYSABLE_SECONDS} s are needed.`,
    );
  }
  let sumSquares = 0;
  for (let i = 0; i < signal.samples.length; i++) sumSquares += signal.samples[i]! * signal.samples[i]!;
  const rms = Math.sqrt(sumSquares / signal.samples.length);
  if (signal.peak < 1e-4 || rms < 1e-5) throw new DnaError('SILENT', 'The audio is silent.');
  return rms;
}

/** The opening bar: from the first frame with sound, one bar long at the detected tempo and meter. */
function openingBar(chroma: ChromaFrames, rhythm: RhythmAnalysis): OpeningBar {
  let firstSounding = 0;
  let maxLevel = 0;
  for (let f = 0; f < chroma.frames; f++) maxLevel = Math.max(maxLevel, chroma.level[f]!);
  while (firstSounding < chroma.frames - 1 && chroma.level[firstSounding]! < 0.1 * maxLevel) firstSounding++;
  const barFrames = Math.max(
    1,
    Math.floor(((60 / rhythm.bpm) * rhythm.beatsPerBar * ANALYSIS_RATE) / CHROMA_HOP),
  );
  return { from: firstSounding, to: firstSounding + barFrames };
}

/**
 * What the learned models hear. They are fetched on first use and run in their own threads; a model
 * that cannot run leaves its part undefined and a warning: voice falls back to the old proxy, the key to
 * the chroma alone, and genre, mood, era and instruments to the rules alone.
 */
async function listen(signal: AnalysisSignal, scale: number, chroma: ChromaFrames, warnings: string[]) {
  const firstLine = (error: unknown) =>
    error instanceof Error ? error.message.split('\n')[0] : String(error);
  // Voice and notes side by side.
  const [voice, notes] = await Promise.all([
    estimateVoice(signal.samples).catch((error: unknown) => {
      warnings.push(`The voice model could not run (${firstLine(error)}); voiceTags are a rough guess.`);
      return undefined;
    }),
    estimateNotes(signal.samples, scale, chroma.tuningSemitones).catch((error: unknown) => {
      warnings.push(
        `The note model could not run (${firstLine(error)}); the key comes from the chroma alone.`,
      );
      return undefined;
    }),
  ]);
  // The tagger (musicnn) runs after them, not beside: their memory peaks would add up.
  const learned = await (
    signal.wide ? estimateTags(signal.wide) : Promise.reject(new Error('no 16 kHz signal'))
  ).catch((error: unknown) => {
    warnings.push(
      `The tagger could not run (${firstLine(error)}); genre, mood, era and instruments come from rules alone.`,
    );
    return undefined;
  });
  return { voice, notes, learned };
}

/** Beat and downbeat times in seconds (frame centres). */
function beatGrid(rhythm: RhythmAnalysis): Dna['beatGrid'] {
  const frameSeconds = 1 / FRAME_RATE;
  const beats = rhythm.beats.map((frame) => round(frame * frameSeconds + HOP / 2 / ANALYSIS_RATE));
  const downbeats = beats.filter(
    (_, i) => (i - rhythm.downbeatPhase) % rhythm.beatsPerBar === 0 && i >= rhythm.downbeatPhase,
  );
  return { beats, downbeats, periodSeconds: round(60 / rhythm.bpm, 4) };
}

/** What the DNA is assembled from. */
interface Measurements {
  decoded: Decoded;
  analysedSeconds: number;
  rhythm: RhythmAnalysis;
  key: KeyEstimate;
  loudness: Loudness;
  description: Description;
  embedding: number[];
  confidence: number;
  warnings: string[];
}

function assembleDna(measured: Measurements): Dna {
  const { decoded, analysedSeconds, rhythm, key, loudness, description, embedding } = measured;
  let folded = rhythm.bpm;
  while (folded < 60) folded *= 2;
  while (folded > 180) folded /= 2;
  return {
    version: DNA_VERSION,
    genreTags: description.genreTags,
    subgenreTags: description.subgenreTags,
    transformerCaption: description.caption,
    bpmRangeAdjusted: round(folded, 2),
    moodTags: description.moodTags,
    moodAdvancedTags: description.moodAdvancedTags,
    emotionalDynamics: description.emotionalDynamics,
    movementTags: description.movementTags,
    valence: round(description.valence),
    arousal: round(description.arousal),
    energyDynamics: description.energyDynamics,
    energyLevel: round(description.energyLevel),
    musicalEraTag: description.musicalEraTag,
    instrumentTags: description.instrumentTags,
    characterTags: description.characterTags,
    keyPrediction: { value: key.value, tonic: key.tonic, mode: key.mode, confidence: round(key.confidence) },
    timeSignature: rhythm.timeSignature,
    classicalEpochTags: description.classicalEpochTags,
    voiceTags: description.voiceTags,
    bpm: { value: round(rhythm.bpm, 2), confidence: round(rhythm.confidence) },
    timeSignatureConfidence: round(rhythm.meterConfidence),
    beatGrid: beatGrid(rhythm),
    loudness: {
      integratedLufs: round(loudness.integratedLufs, 2),
      loudnessRangeLu: round(loudness.loudnessRangeLu, 2),
      peakDbfs: round(loudness.peakDbfs, 2),
      rmsDbfs: round(loudness.rmsDbfs, 2),
    },
    embedding: embedding.map((v) => round(v, 5)),
    source: {
      format: decoded.format,
      sampleRate: decoded.sampleRate,
      channels: decoded.channels,
      durationSeconds: round(decoded.durationSeconds, 2),
      analysedSeconds: round(analysedSeconds, 2),
    },
    confidence: round(measured.confidence),
    warnings: measured.warnings,
  };
}

export async function analyzeBytes(input: Uint8Array, options: AnalyzeOptions = {}): Promise<Dna> {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.length === 0) throw new DnaError('UNSUPPORTED_FORMAT', 'The file is empty.');
  const decoded = await decode(bytes, options);
  const { signal } = decoded;
  const analysedSeconds = signal.samples.length / ANALYSIS_RATE;
  const rms = analysableLevel(signal);
  const warnings = [...decoded.warnings];
  if (decoded.durationSeconds > analysedSeconds + 1) {
    warnings.push(
      `Only the first ${Math.round(analysedSeconds)} s of ${Math.round(decoded.durationSeconds)} s were analysed.`,
    );
  }

  // Level-normalise so the log compressions behave the same for quiet and loud files.
  const scale = 0.1 / rms;
  const onsets = onsetFrames(signal.samples, signal.air, scale);
  const chroma = chromaFrames(signal.samples, scale);
  const rhythm = analyseRhythm(onsets, chroma);
  const opening = openingBar(chroma, rhythm);
  const loudness = measureLoudness(signal.samples, signal.peak);
  const timbre = summariseTimbre(onsets, signal.air, scale);
  const { voice, notes, learned } = await listen(signal, scale, chroma, warnings);
  const key = estimateKey(chroma, opening, undefined, notes);
  const description = describe(timbre, rhythm, key, loudness, voice, learned);
  const embedding = buildEmbedding(timbre, rhythm, key, loudness, description);

  // Overall confidence: a clear pulse or a clear tonal centre makes a trustworthy DNA; noise has neither.
  const confidence = Math.max(0, Math.min(1, 0.5 * rhythm.confidence + 0.5 * key.confidence));
  if (confidence < 0.2)
    warnings.push(
      'Low confidence: no clear pulse or tonal centre was found (noise, speech or very sparse audio?).',
    );
  const measured = { decoded, analysedSeconds, rhythm, key, loudness, description, embedding };
  return assembleDna({ ...measured, confidence, warnings });
}
