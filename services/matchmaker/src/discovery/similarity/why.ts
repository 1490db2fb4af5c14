import { genreDisplayName } from '@beatmatch/contracts';
import type { PoolBeat } from '../../beats/beat';
import { describe } from '../../listeners/selection';
import { keyRelation, parseKey, tempoFit, type KeyRelation, type TempoRelation } from './compatibility';
import type { ReferenceSound } from './types';

const KEY_WORDS: Record<KeyRelation, string | null> = {
  same: 'same key',
  relative: 'relative key',
  fifth: 'a fifth away',
  parallel: 'parallel key',
  neighbour: 'a close key',
  far: null,
};

const TEMPO_WORDS: Record<TempoRelation, string | null> = {
  same: 'same tempo',
  close: 'close tempo',
  half: 'half time',
  double: 'double time',
  far: null,
};

/** The reference's words the beat shares: genres as shown, moods and tags as the DNA names them. */
function sharedWords(beat: PoolBeat, reference: ReferenceSound): string[] {
  const wanted = new Set([...(reference.genres ?? []), ...(reference.moods ?? [])]);
  const shared = [...beat.moods, ...beat.genres, ...beat.tags].filter((word) => wanted.has(word));
  return [...new Set(shared)].slice(0, 3).map(genreDisplayName);
}

/**
 * One line saying why a beat fits, in the swipe player's manner: the tags it shares, its key's and
 * tempo's relation to the reference, then the beat itself ("shares dark, trap · relative key · half
 * time: dark trap, 70 BPM, C major").
 */
export function whyLine(beat: PoolBeat, reference: ReferenceSound): string {
  const parts: string[] = [];
  const shared = sharedWords(beat, reference);
  if (shared.length) parts.push(`shares ${shared.join(', ')}`);
  const beatKey = parseKey(beat.musicalKey);
  const referenceKey = parseKey(reference.musicalKey);
  const key = beatKey && referenceKey ? KEY_WORDS[keyRelation(beatKey, referenceKey)] : null;
  if (key) parts.push(key);
  const tempo = reference.bpm ? TEMPO_WORDS[tempoFit(beat.bpm, reference.bpm).relation] : null;
  if (tempo) parts.push(tempo);
  if (reference.hasVoice === false && beat.hasVoice === false) parts.push('no vocals');
  if (reference.hasVoice === true && beat.hasVoice === true) parts.push('with vocals');
  const reasons = parts.length ? parts.join(' · ') : 'close in sound';
  return `${reasons}: ${describe(beat)}`;
}
