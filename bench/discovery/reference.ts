// Reference-track searches (issue 25 items 3-6; README-reference.md): the two figures the issue asks for.
//  1. Speed: a 4-minute song from its link to its matches on this machine (target ≤ 15 s): a local server
//     serves it as a site would (320 kbps MP3), then the steps the matchmaker runs — yt-dlp's probe (the
//     search call), yt-dlp's fetch and the DNA engine in its worker thread (the workflow's activity), and
//     the similarity core's ranking over the demo catalogue (the matches call). Temporal's hand-over
//     (tens of milliseconds) is not in it.
//  2. Quality: each demo beat's own audio, trimmed and re-encoded at 128 kbps, must find that beat first
//     (target ≥ 95 %); also how many of its top 10 share its style (the synthesiser's producer).
//   node --import tsx bench/discovery/reference.ts [beats=60] [speedRuns=3]
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyze, analyzeInProcess } from '@beatmatch/audio';
import { renderClip } from '@beatmatch/audio/testing';
import { beatDnaSchema, type BeatDna } from '@beatmatch/contracts';
import { demoBeats } from '../../services/catalog/src/demo/catalogue';
import { encodeMp3 } from '../../services/catalog/src/upload/mp3';
import type { PoolBeat } from '../../services/matchmaker/src/beats/beat';
import { soundOf } from '../../services/matchmaker/src/discovery/reference/songs';
import { YtDlp } from '../../services/matchmaker/src/discovery/reference/videoLink';
import { rankSimilar } from '../../services/matchmaker/src/discovery/similarity';
import type { SongSound } from '../../services/matchmaker/src/discovery/reference/song';
import { demoCatalogueDna, type DemoBeatWithDna } from './demoDna';
import { poolBeatOf } from './demoPool';

const RATE = 44100;

const referenceOf = (sound: SongSound) => ({
  embedding: sound.embedding,
  bpm: sound.bpm,
  musicalKey: sound.musicalKey,
  hasVoice: sound.hasVoice,
  genres: sound.genres,
  moods: sound.moods,
});

const toDna = (dna: Awaited<ReturnType<typeof analyze>>): BeatDna =>
  beatDnaSchema.parse({ ...dna, durationSeconds: dna.source.durationSeconds });

async function quality(catalogue: DemoBeatWithDna[], pool: PoolBeat[]) {
  let first = 0;
  let sameStyle = 0;
  const misses: string[] = [];
  for (const [index, entry] of catalogue.entries()) {
    const { samples } = renderClip({ ...entry.beat.clip, seconds: 30, sampleRate: RATE });
    // Trimmed to 20 s from 0:05, re-encoded at 128 kbps: what an artist's copy of the beat might be.
    const trimmed = samples.subarray(5 * RATE, 25 * RATE);
    const mp3 = encodeMp3([trimmed], RATE, 128);
    const dna = toDna(await analyzeInProcess(new Uint8Array(mp3), { filename: 'trimmed.mp3' }));
    const ranked = rankSimilar(pool, referenceOf(soundOf(dna)), { limit: 10 });
    if (ranked[0]?.beat.beatId === entry.beat.beatId) first++;
    else
      misses.push(
        `${entry.beat.name} (rank ${ranked.findIndex((r) => r.beat.beatId === entry.beat.beatId) + 1 || '>10'})`,
      );
    const style = (beatId: string) => catalogue.find((other) => other.beat.beatId === beatId)!.producer;
    sameStyle += ranked.filter((r) => style(r.beat.beatId) === entry.producer).length / ranked.length;
    if (index % 10 === 9) console.error(`quality: ${index + 1} of ${catalogue.length}`);
  }
  return { first, sameStyle: sameStyle / catalogue.length, misses };
}

/** A local site serving one MP3 (yt-dlp's generic extractor reads it like any link). */
async function serve(mp3: Buffer): Promise<{ url: string; close(): void }> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': mp3.length }).end(mp3),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/song.mp3`,
    close: () => server.close(),
  };
}

async function speed(pool: PoolBeat[], runs: number) {
  const clip = demoBeats(1)[0]!.clip;
  const { samples } = renderClip({ ...clip, seconds: 240, sampleRate: RATE });
  const site = await serve(encodeMp3([samples], RATE, 320));
  const ytDlp = new YtDlp();
  const rows: Record<string, number>[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const t0 = performance.now();
      await ytDlp.probe(site.url);
      const t1 = performance.now();
      const audio = await ytDlp.fetchAudio(site.url);
      const t2 = performance.now();
      const dna = toDna(
        await analyze(audio.bytes, { filename: audio.filename, sourceByteLength: audio.bytes.length }),
      );
      const t3 = performance.now();
      rankSimilar(pool, referenceOf(soundOf(dna)), { limit: 20 });
      const t4 = performance.now();
      rows.push({ probe: t1 - t0, fetch: t2 - t1, dna: t3 - t2, rank: t4 - t3, total: t4 - t0 });
    }
  } finally {
    site.close();
  }
  return rows;
}

async function main() {
  const count = Number(process.argv[2] ?? 60);
  const runs = Number(process.argv[3] ?? 3);
  const catalogue = await demoCatalogueDna(count);
  const pool = catalogue.map(poolBeatOf);
  const rows = await speed(pool, runs);
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  console.log(`speed: a 4-minute song from link to matches, ${runs} runs (s)`);
  console.log('probe  fetch  dna    rank   total');
  for (const row of rows)
    console.log(
      [row.probe, row.fetch, row.dna, row.rank, row.total].map((ms) => seconds(ms!).padEnd(6)).join(' '),
    );
  const result = await quality(catalogue, pool);
  console.log(
    `quality: own audio (20 s trimmed, 128 kbps) finds its beat first in ${result.first} of ${catalogue.length} (${((100 * result.first) / catalogue.length).toFixed(1)} %)`,
  );
  console.log(`         same style in the top 10: ${(100 * result.sameStyle).toFixed(1)} % on average`);
  if (result.misses.length) console.log(`         not first: ${result.misses.join(', ')}`);
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
