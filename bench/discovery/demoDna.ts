// The demo catalogue's beats with their DNA, as the catalog would publish them: each beat is rendered by
// the catalogue's own synthesiser and analysed by the DNA engine (in process), then cached in
// bench/discovery/.cache/demo-dna-<count>.json (git-ignored): the analysis takes about a second a beat.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyzeInProcess } from '@beatmatch/audio';
import type { BeatDna } from '@beatmatch/contracts';
import { demoBeats, DEMO_PRODUCERS } from '../../services/catalog/src/demo/catalogue';
import type { DemoBeat } from '../../services/catalog/src/demo/demoBeat';
import { renderDemoAudio } from '../../services/catalog/src/demo/files';
import { toBeatDna } from '../../services/catalog/src/upload/activities';

export interface DemoBeatWithDna {
  beat: DemoBeat;
  /** The producer's index in DEMO_PRODUCERS: the style the synthesiser played. */
  producer: number;
  dna: BeatDna;
}

const CACHE = join(__dirname, '.cache');

export async function demoCatalogueDna(count: number, log = console.error): Promise<DemoBeatWithDna[]> {
  const file = join(CACHE, `demo-dna-${count}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as DemoBeatWithDna[];
  const out: DemoBeatWithDna[] = [];
  for (const [index, beat] of demoBeats(count).entries()) {
    const { wav } = renderDemoAudio(beat.clip);
    const dna = toBeatDna(await analyzeInProcess(new Uint8Array(wav), { filename: `${beat.beatId}.wav` }));
    out.push({ beat, producer: index % DEMO_PRODUCERS.length, dna });
    if (index % 10 === 9) log(`analysed ${index + 1} of ${count} demo beats`);
  }
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(file, JSON.stringify(out));
  return out;
}

if (require.main === module) {
  const count = Number(process.argv[2] ?? 120);
  const started = Date.now();
  void demoCatalogueDna(count).then((beats) =>
    console.log(`${beats.length} demo beats analysed in ${((Date.now() - started) / 1000).toFixed(0)} s`),
  );
}
