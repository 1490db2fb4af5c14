import { useCallback, useEffect, useRef, useState } from 'react';

// The preview tag (artist-side spec §9: "Preview tag audio plays every 12 seconds at volume 0.7 when
// the option is on"): while a snippet plays, a short Beatmatch chime sounds over it every 12 s of
// playback. The chime is synthesised here (no audio file, nothing third-party) and played through
// Web Audio: a gain node gives the 0.7 volume everywhere (iOS ignores an <audio> element's volume),
// and a buffer needs no media URL (the gateway's CSP allows media only from 'self' and blob:).

/** How often the tag sounds, in milliseconds of snippet playback. */
export const PREVIEW_TAG_INTERVAL_MS = 12_000;
/** The tag's volume over the snippet (0 to 1). */
export const PREVIEW_TAG_VOLUME = 0.7;
/** The chime's length in seconds. */
export const PREVIEW_TAG_SECONDS = 1;
/** Where the player remembers the option ('on' / 'off'); off when unset. */
export const PREVIEW_TAG_STORAGE_KEY = 'matchmakerPreviewTag';

/** The loudest sample of the rendered chime (headroom below full scale). */
const PEAK = 0.9;

// A bell voice: partials as a ratio of the note's frequency, their level and decay time (s). The
// inharmonic upper partials make it ring like a small bell rather than a beep.
const BELL = [
  { ratio: 1, level: 1, decay: 0.25 },
  { ratio: 2, level: 0.4, decay: 0.18 },
  { ratio: 2.76, level: 0.2, decay: 0.11 },
  { ratio: 5.4, level: 0.08, decay: 0.05 },
];

// The motif, "beat · match": a soft kick, then a rising fifth (A5, E6) on the bell.
const KICK = { at: 0, level: 0.55, from: 150, to: 50, sweep: 0.03, decay: 0.07 };
const NOTES = [
  { at: 0.03, frequency: 880, level: 0.75 },
  { at: 0.18, frequency: 1318.51, level: 1 },
];
const ATTACK = 0.004;
const FADE_IN = 0.002;
const FADE_OUT = 0.08;

/**
 * Renders the tag, mono, at `sampleRate`: PREVIEW_TAG_SECONDS long, peaking at 0.9, starting and
 * ending at silence (no click at either end).
 */
export function renderPreviewTag(sampleRate: number): Float32Array<ArrayBuffer> {
  const length = Math.round(PREVIEW_TAG_SECONDS * sampleRate);
  const samples = new Float32Array(length);
  for (let index = 0; index < length; index += 1) {
    const t = index / sampleRate;
    let value = 0;
    const k = t - KICK.at;
    if (k >= 0) {
      // A sine whose pitch falls from 150 to 50 Hz: the phase is the integral of that frequency.
      const phase =
        2 * Math.PI * (KICK.to * k + (KICK.from - KICK.to) * KICK.sweep * (1 - Math.exp(-k / KICK.sweep)));
      value += KICK.level * Math.exp(-k / KICK.decay) * Math.sin(phase);
    }
    for (const note of NOTES) {
      const n = t - note.at;
      if (n < 0) continue;
      const attack = Math.min(1, n / ATTACK);
      for (const partial of BELL) {
        value +=
          note.level *
          partial.level *
          attack *
          Math.exp(-n / partial.decay) *
          Math.sin(2 * Math.PI * note.frequency * partial.ratio * n);
      }
    }
    samples[index] = value;
  }
  let peak = 0;
  for (const value of samples) peak = Math.max(peak, Math.abs(value));
  const fadeIn = Math.round(FADE_IN * sampleRate);
  const fadeOut = Math.round(FADE_OUT * sampleRate);
  for (let index = 0; index < length; index += 1) {
    let envelope = PEAK / peak;
    if (index < fadeIn) envelope *= index / fadeIn;
    const left = length - 1 - index;
    if (left < fadeOut) envelope *= 0.5 - 0.5 * Math.cos((Math.PI * left) / fadeOut);
    samples[index] = (samples[index] ?? 0) * envelope;
  }
  return samples;
}

type AudioContextClass = new () => AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  );
}

/** Whether this browser can play the tag (Web Audio); the player offers the option only then. */
export const previewTagSupported = () => audioContextClass() !== undefined;

function storedOption(): boolean {
  try {
    return localStorage.getItem(PREVIEW_TAG_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** The preview-tag option: off by default, remembered on this device. */
export function usePreviewTagOption(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(storedOption);
  const change = useCallback((next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(PREVIEW_TAG_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // Storage full or disabled: the option then lasts for this page only.
    }
  }, []);
  return [on, change];
}

export interface PreviewTag {
  /**
   * Creates or wakes the audio output. Browsers start audio only after a user gesture, so the player
   * calls this from its gesture handlers (Play, the option's switch).
   */
  prime(): void;
  /** Silences a tag that is sounding (Pass, Match). */
  stop(): void;
}

/** The audio output the tag sounds on: created on a gesture (prime), the rendered tag kept per sample rate. */
function useTagOutput() {
  const context = useRef<AudioContext | null>(null);
  const buffer = useRef<AudioBuffer | null>(null);
  const sounding = useRef<AudioBufferSourceNode | null>(null);

  const stop = useCallback(() => {
    const source = sounding.current;
    sounding.current = null;
    if (!source) return;
    try {
      source.stop();
    } catch {
      // Already ended.
    }
    source.disconnect();
  }, []);

  const prime = useCallback(() => {
    const Context = audioContextClass();
    if (!Context) return;
    if (!context.current || context.current.state === 'closed') context.current = new Context();
    if (context.current.state === 'suspended') context.current.resume().catch(() => undefined);
  }, []);

  const sound = useCallback(() => {
    prime();
    const output = context.current;
    if (!output) return;
    if (!buffer.current || buffer.current.sampleRate !== output.sampleRate) {
      const samples = renderPreviewTag(output.sampleRate);
      const rendered = output.createBuffer(1, samples.length, output.sampleRate);
      rendered.getChannelData(0).set(samples);
      buffer.current = rendered;
    }
    stop();
    const source = output.createBufferSource();
    source.buffer = buffer.current;
    const gain = output.createGain();
    gain.gain.value = PREVIEW_TAG_VOLUME;
    source.connect(gain).connect(output.destination);
    source.onended = () => {
      if (sounding.current === source) sounding.current = null;
      gain.disconnect();
    };
    sounding.current = source;
    source.start();
  }, [prime, stop]);

  // Unmounting stops the tag and closes the output.
  useEffect(
    () => () => {
      stop();
      context.current?.close().catch(() => undefined);
      context.current = null;
    },
    [stop],
  );

  return { prime, stop, sound };
}

/**
 * Sounds the tag every PREVIEW_TAG_INTERVAL_MS of playback while `on` and `playing`. Time counts only
 * while the snippet plays: a pause stops the tag and holds the count, playing again resumes it, and a
 * new `snippet` (the next beat) counts from zero. Unmounting stops the tag and closes the output.
 */
export function usePreviewTag({
  on,
  playing,
  snippet,
}: {
  on: boolean;
  playing: boolean;
  /** The snippet that plays (any value that changes with each loaded beat). */
  snippet: object | null;
}): PreviewTag {
  const { prime, stop, sound } = useTagOutput();
  // Milliseconds of this snippet's playback since its start or its last tag.
  const elapsed = useRef(0);
  const counted = useRef<object | null>(null);

  const active = on && playing && snippet !== null;
  useEffect(() => {
    if (snippet !== counted.current) {
      counted.current = snippet;
      elapsed.current = 0;
    }
    if (!active) return;
    let since = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const wait = () => {
      timer = setTimeout(
        () => {
          elapsed.current = 0;
          since = Date.now();
          sound();
          wait();
        },
        Math.max(0, PREVIEW_TAG_INTERVAL_MS - elapsed.current),
      );
    };
    wait();
    return () => {
      clearTimeout(timer);
      elapsed.current += Date.now() - since;
      stop();
    };
  }, [active, snippet, sound, stop]);

  return { prime, stop };
}
