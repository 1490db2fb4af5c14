// The labelled text-search queries (issue 25, "Quality"), written the way artists write, each with what
// the demo catalogue's synthesiser knows to be true of a fitting beat: the producer's style, and the
// tempo, key or mode the text states. Relevance of a beat: 2 when its style fits and every stated fact
// holds, 1 when its style fits but a stated fact does not, 0 otherwise (a query that names no style:
// 2 when every stated fact holds). Even-numbered queries are the tuning half, odd-numbered the held-out
// half that the figures are reported on.
import type { DemoBeat } from '../../services/catalog/src/demo/demoBeat';

/** The six demo producers' styles, by index in DEMO_PRODUCERS. */
export const STYLES = ['trap', 'lofi', 'house', 'reggaeton', 'reggae', 'rnb'] as const;
export type Style = (typeof STYLES)[number];

export interface LabelledQuery {
  text: string;
  styles?: Style[];
  bpm?: number;
  key?: string;
  mode?: 'major' | 'minor';
  /** 3/4 (the waltz style of Velvet Keys). */
  waltz?: boolean;
}

const TONICS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const FLATS: Record<string, string> = { 'C#': 'Db', 'D#': 'Eb', 'G#': 'Ab', 'A#': 'Bb', 'F#': 'Gb' };
const same = (a: string, b: string) => a === b || FLATS[a] === b || FLATS[b] === a;

/** The key the synthesiser played ('A minor'). */
export const keyOf = (beat: DemoBeat) => `${TONICS[beat.clip.tonic]} ${beat.clip.mode}`;

export function relevance(query: LabelledQuery, beat: DemoBeat, producer: number): number {
  const [tonic, mode] = keyOf(beat).split(' ') as [string, string];
  const facts =
    (query.bpm === undefined || Math.abs(beat.clip.bpm - query.bpm) <= 8) &&
    (query.key === undefined ||
      (same(query.key.split(' ')[0]!, tonic) && query.key.split(' ')[1] === mode)) &&
    (query.mode === undefined || query.mode === mode) &&
    (query.waltz === undefined || query.waltz === (beat.clip.beatsPerBar === 3));
  if (!query.styles) return facts ? 2 : 0;
  if (!query.styles.includes(STYLES[producer]!)) return 0;
  return facts ? 2 : 1;
}

const q = (text: string, facts: Omit<LabelledQuery, 'text'>): LabelledQuery => ({ text, ...facts });

export const QUERIES: LabelledQuery[] = [
  // trap (Nova Kane: dark half-time trap, 130–150 BPM, minor)
  q('dark trap around 140 with no vocals', { styles: ['trap'], bpm: 140 }),
  q('hard trap beat with heavy 808s', { styles: ['trap'] }),
  q('menacing trap instrumental', { styles: ['trap'] }),
  q('something like travis scott, dark and spacey trap', { styles: ['trap'] }),
  q('aggressive drill type beat 145 bpm', { styles: ['trap'], bpm: 145 }),
  q('trap beat in a minor key, rolling hi hats', { styles: ['trap'], mode: 'minor' }),
  q('Heavy and angry with a lot of bass', { styles: ['trap'] }),
  q('evil sounding trap 150', { styles: ['trap'], bpm: 150 }),
  q('rage beat for a hype verse', { styles: ['trap'] }),
  q('dark trap 136 bpm', { styles: ['trap'], bpm: 136 }),
  q('trap with fast hi-hats and 808 slides', { styles: ['trap'] }),
  q('street trap beat, minor, around 142', { styles: ['trap'], bpm: 142, mode: 'minor' }),
  q('gritty hip hop with hard drums', { styles: ['trap'] }),
  q('half time trap, moody', { styles: ['trap'] }),
  q('a dark beat for a diss track', { styles: ['trap'] }),
  q('trap instrumental no vocals 130-150 bpm', { styles: ['trap'] }),
  q('sinister 808 beat', { styles: ['trap'] }),
  q('hard hitting rap beat', { styles: ['trap'] }),
  q('need a cold trap beat for my mixtape', { styles: ['trap'] }),
  q('energetic trap banger', { styles: ['trap'] }),
  // lo-fi (Lo-Fi Lane: swung lo-fi hip hop, 70–90 BPM)
  q('chill lofi beat to study to', { styles: ['lofi'] }),
  q('lo-fi hip hop around 80 bpm', { styles: ['lofi'], bpm: 80 }),
  q('dusty boom bap with jazzy chords', { styles: ['lofi'] }),
  q('mellow lofi with rhodes, rainy day vibes', { styles: ['lofi'] }),
  q('laid back boom bap 85', { styles: ['lofi'], bpm: 85 }),
  q('nostalgic lofi in a major key', { styles: ['lofi'], mode: 'major' }),
  q('sad lofi beat, minor key', { styles: ['lofi'], mode: 'minor' }),
  q('relaxing hip hop instrumental for late nights', { styles: ['lofi'] }),
  q('swing lofi 75 bpm', { styles: ['lofi'], bpm: 75 }),
  q('chill hop with soft keys', { styles: ['lofi'] }),
  q('old school boom bap with swing', { styles: ['lofi'] }),
  q('coffee shop lofi', { styles: ['lofi'] }),
  q('smooth jazzy hip hop beat', { styles: ['lofi'] }),
  q('lofi 90 bpm no vocals', { styles: ['lofi'], bpm: 90 }),
  q('calm lo fi for a storytelling verse', { styles: ['lofi'] }),
  q('warm vinyl lofi beat', { styles: ['lofi'] }),
  q('introspective boom bap', { styles: ['lofi'] }),
  q('lofi beat around 82', { styles: ['lofi'], bpm: 82 }),
  q('dreamy lofi with piano', { styles: ['lofi'] }),
  q('chill boom bap instrumental', { styles: ['lofi'] }),
  // house (Casa Pulse: four-on-the-floor house, 118–128 BPM)
  q('deep house beat 124 bpm', { styles: ['house'], bpm: 124 }),
  q('four on the floor club track', { styles: ['house'] }),
  q('euphoric house for a summer festival', { styles: ['house'] }),
  q('dance beat around 120', { styles: ['house'], bpm: 120 }),
  q('edm instrumental with a driving kick', { styles: ['house'] }),
  q('uplifting house in a major key', { styles: ['house'], mode: 'major' }),
  q('dark minor house groove', { styles: ['house'], mode: 'minor' }),
  q('techno-ish club beat 126', { styles: ['house'], bpm: 126 }),
  q('energetic dance music with synths', { styles: ['house'] }),
  q('house music between 118 and 128 bpm', { styles: ['house'] }),
  q('electronic dance beat for a pop topline', { styles: ['house'] }),
  q('club banger with a steady kick', { styles: ['house'] }),
  q('bright house chords 122 bpm', { styles: ['house'], bpm: 122 }),
  q('party house beat', { styles: ['house'] }),
  q('dance pop instrumental four to the floor', { styles: ['house'] }),
  q('deep house', { styles: ['house'] }),
  q('late night club edm', { styles: ['house'] }),
  q('upbeat electronic track around 125', { styles: ['house'], bpm: 125 }),
  q('house beat with synth pads', { styles: ['house'] }),
  q('festival dance track, happy', { styles: ['house'] }),
  // reggaeton (Dembow District: dembow, 88–100 BPM)
  q('reggaeton beat 95 bpm', { styles: ['reggaeton'], bpm: 95 }),
  q('dembow riddim for a latin song', { styles: ['reggaeton'] }),
  q('perreo instrumental', { styles: ['reggaeton'] }),
  q('latin urban beat like bad bunny', { styles: ['reggaeton'] }),
  q('reggaeton in a minor key, dark', { styles: ['reggaeton'], mode: 'minor' }),
  q('happy reggaeton, major key', { styles: ['reggaeton'], mode: 'major' }),
  q('latin dance beat around 92', { styles: ['reggaeton'], bpm: 92 }),
  q('sensual reggaeton', { styles: ['reggaeton'] }),
  q('dembow 98 bpm no vocals', { styles: ['reggaeton'], bpm: 98 }),
  q('party latin beat', { styles: ['reggaeton'] }),
  q('reggaeton for summer', { styles: ['reggaeton'] }),
  q('latin trap-ish dembow groove', { styles: ['reggaeton'] }),
  q('urbano beat 90 bpm', { styles: ['reggaeton'], bpm: 90 }),
  q('reggaeton instrumental', { styles: ['reggaeton'] }),
  q('latin beat for a love song', { styles: ['reggaeton'] }),
  q('dembow with bouncy drums', { styles: ['reggaeton'] }),
  q('classic reggaeton rhythm', { styles: ['reggaeton'] }),
  q('latin pop beat around 96', { styles: ['reggaeton'], bpm: 96 }),
  q('perreo intenso', { styles: ['reggaeton'] }),
  q('reggaeton beat', { styles: ['reggaeton'] }),
  // reggae (Island Roots: one-drop reggae, 70–82 BPM)
  q('roots reggae one drop', { styles: ['reggae'] }),
  q('reggae riddim 75 bpm', { styles: ['reggae'], bpm: 75 }),
  q('island vibes, easy reggae', { styles: ['reggae'] }),
  q('conscious roots reggae instrumental', { styles: ['reggae'] }),
  q('dub reggae with a steady skank', { styles: ['reggae'] }),
  q('happy reggae in a major key', { styles: ['reggae'], mode: 'major' }),
  q('minor key reggae, serious', { styles: ['reggae'], mode: 'minor' }),
  q('one drop riddim around 78', { styles: ['reggae'], bpm: 78 }),
  q('chill reggae for a summer song', { styles: ['reggae'] }),
  q('dancehall riddim', { styles: ['reggae'] }),
  q('reggae beat no vocals', { styles: ['reggae'] }),
  q('rasta roots riddim', { styles: ['reggae'] }),
  q('slow reggae groove', { styles: ['reggae'] }),
  q('uplifting reggae', { styles: ['reggae'] }),
  q('reggae 80 bpm', { styles: ['reggae'], bpm: 80 }),
  q('laid back island riddim', { styles: ['reggae'] }),
  q('jamaican style riddim', { styles: ['reggae'] }),
  q('peaceful reggae instrumental', { styles: ['reggae'] }),
  q('reggae with organ skank', { styles: ['reggae'] }),
  q('roots riddim 72', { styles: ['reggae'], bpm: 72 }),
  // R&B / ballads (Velvet Keys: R&B ballads 84–104 in major, 3/4 waltzes 78–96 in minor)
  q('romantic r&b slow jam', { styles: ['rnb'] }),
  q('smooth rnb beat for a love song', { styles: ['rnb'] }),
  q('sad waltz in 3/4, minor key', { styles: ['rnb'], waltz: true, mode: 'minor' }),
  q('r&b ballad around 90 bpm', { styles: ['rnb'], bpm: 90 }),
  q('soulful ballad with piano', { styles: ['rnb'] }),
  q('sensual r&b instrumental', { styles: ['rnb'] }),
  q('neo soul with warm keys', { styles: ['rnb'] }),
  q('pop ballad in a major key', { styles: ['rnb'], mode: 'major' }),
  q('tender love ballad, no vocals', { styles: ['rnb'] }),
  q('waltz time ballad', { styles: ['rnb'], waltz: true }),
  q('r&b beat 100 bpm', { styles: ['rnb'], bpm: 100 }),
  q('melancholic 3/4 ballad', { styles: ['rnb'], waltz: true }),
  q('rnb slow jam around 85', { styles: ['rnb'], bpm: 85 }),
  q('bittersweet soul ballad', { styles: ['rnb'] }),
  q('emotional r&b for heartbreak', { styles: ['rnb'] }),
  q('gentle piano ballad', { styles: ['rnb'] }),
  q('late night r&b vibes', { styles: ['rnb'] }),
  q('romantic ballad 95 bpm', { styles: ['rnb'], bpm: 95 }),
  q('soul beat', { styles: ['rnb'] }),
  q('r&b', { styles: ['rnb'] }),
  // facts only: tempo and key, any style
  q('something in A minor', { key: 'A minor' }),
  q('beats in C major', { key: 'C major' }),
  q('anything around 140 bpm', { bpm: 140 }),
  q('a beat at 80 bpm', { bpm: 80 }),
  q('F# minor beat', { key: 'F# minor' }),
  q('something in D major', { key: 'D major' }),
  q('120 bpm', { bpm: 120 }),
  q('instrumental in E minor', { key: 'E minor' }),
  q('G major around 90', { key: 'G major', bpm: 90 }),
  q('slow beat in a minor key', { mode: 'minor', bpm: 75 }),
];
